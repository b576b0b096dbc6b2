import { useNavigate } from "react-router";
import { notify } from "../../../lib/toast";
import { resetPassword } from "../identity-actions";
import { NewPasswordForm } from "./new-password-form";

/** Sets a new password with the token of a reset link, then sends the user to /login. */
export function ResetPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  return (
    <NewPasswordForm
      id="reset-password"
      submitLabel="Set new password"
      onSubmit={async (password) => {
        await resetPassword(token, password);
        notify.success("Your password is changed. Log in with your new password.");
        navigate("/login", { replace: true });
      }}
    />
  );
}

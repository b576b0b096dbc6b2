import { useNavigate } from "react-router";
import { notify } from "../../../lib/toast";
import { verifyEmailWithNewPassword } from "../identity-actions";
import { completeSignIn } from "../session-store";
import { NewPasswordForm } from "./new-password-form";

/**
 * A verification link opened outside the browser that signed up: whoever signed up may not be the
 * mailbox's owner, so the opener proves the address with a new password, which ends the old one and
 * every session of the account, and is signed in.
 */
export function VerifyWithNewPassword({ token }: { token: string }) {
  const navigate = useNavigate();
  return (
    <NewPasswordForm
      id="verify-new-password"
      intro={
        <p>
          To verify your email in this browser, choose a new password. It replaces the account's password, and
          every device signed in to the account is signed out.
        </p>
      }
      submitLabel="Verify and set password"
      onSubmit={async (password) => {
        await verifyEmailWithNewPassword(token, password);
        await completeSignIn();
        notify.success("Your email is verified and your new password is set.");
        navigate("/", { replace: true });
      }}
    />
  );
}

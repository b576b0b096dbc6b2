import { zodResolver } from "@hookform/resolvers/zod";
import { passwordSchema } from "@toolshop/shared/auth";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { z } from "zod";
import { notify } from "../../../lib/toast";
import { describeAuthError } from "../auth-errors";
import { verifyEmailWithNewPassword } from "../identity-actions";
import { completeSignIn } from "../session-store";
import { NewPasswordField } from "./new-password-field";

// The same rule and messages as sign-up (SPEC.md section 5).
const newPasswordSchema = z.object({ password: passwordSchema });
type NewPasswordInput = z.infer<typeof newPasswordSchema>;

/**
 * A verification link opened outside the browser that signed up: whoever signed up may not be the
 * mailbox's owner, so the opener proves the address with a new password, which ends the old one and
 * every session of the account, and is signed in.
 */
export function VerifyWithNewPassword({ token }: { token: string }) {
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<NewPasswordInput>({
    resolver: zodResolver(newPasswordSchema),
    defaultValues: { password: "" },
  });

  const onSubmit = async ({ password }: NewPasswordInput) => {
    try {
      await verifyEmailWithNewPassword(token, password);
      await completeSignIn();
      notify.success("Your email is verified and your new password is set.");
      navigate("/", { replace: true });
    } catch (error) {
      notify.error(describeAuthError(error));
    }
  };

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="flex flex-col gap-4">
      <p>
        To verify your email in this browser, choose a new password. It replaces the account's password, and
        every device signed in to the account is signed out.
      </p>
      <NewPasswordField
        id="verify-new-password"
        label="New password"
        error={errors.password?.message}
        registration={register("password")}
      />
      <button type="submit" className="btn w-full btn-primary" disabled={isSubmitting}>
        Verify and set password
      </button>
    </form>
  );
}

import { zodResolver } from "@hookform/resolvers/zod";
import { passwordSchema } from "@toolshop/shared/auth";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { z } from "zod";
import { notify } from "../../../lib/toast";
import { describeAuthError } from "../auth-errors";
import { resetPassword } from "../identity-actions";
import { NewPasswordField } from "./new-password-field";

// The same rule and messages as sign-up (SPEC.md section 5).
const newPasswordSchema = z.object({ password: passwordSchema });
type NewPasswordInput = z.infer<typeof newPasswordSchema>;

/** Sets a new password with the token of a reset link, then sends the user to /login. */
export function ResetPasswordForm({ token }: { token: string }) {
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
      await resetPassword(token, password);
      notify.success("Your password is changed. Log in with your new password.");
      navigate("/login", { replace: true });
    } catch (error) {
      notify.error(describeAuthError(error));
    }
  };

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="flex flex-col gap-4">
      <NewPasswordField
        id="reset-password"
        label="New password"
        error={errors.password?.message}
        registration={register("password")}
      />
      <button type="submit" className="btn w-full btn-primary" disabled={isSubmitting}>
        Set new password
      </button>
    </form>
  );
}

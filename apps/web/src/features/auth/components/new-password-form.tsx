import { zodResolver } from "@hookform/resolvers/zod";
import { passwordSchema } from "@toolshop/shared/auth";
import type { ReactNode } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { notify } from "../../../lib/toast";
import { describeAuthError } from "../auth-errors";
import { NewPasswordField } from "./new-password-field";

// The same rule and messages as sign-up (docs/product.md section 5).
const newPasswordSchema = z.object({ password: passwordSchema });
type NewPasswordInput = z.infer<typeof newPasswordSchema>;

interface NewPasswordFormProps {
  /** The password field's id. */
  id: string;
  /** Said above the field. */
  intro?: ReactNode;
  submitLabel: string;
  /** Sets the password; a failure is shown in plain words (a toast), the form stays as typed. */
  onSubmit: (password: string) => Promise<void>;
}

/** A form of one new password (a reset link, a verification link opened in another browser). */
export function NewPasswordForm({ id, intro, submitLabel, onSubmit }: NewPasswordFormProps) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<NewPasswordInput>({
    resolver: zodResolver(newPasswordSchema),
    defaultValues: { password: "" },
  });

  const submit = async ({ password }: NewPasswordInput) => {
    try {
      await onSubmit(password);
    } catch (error) {
      notify.error(describeAuthError(error));
    }
  };

  return (
    <form onSubmit={handleSubmit(submit)} noValidate className="flex flex-col gap-4">
      {intro}
      <NewPasswordField
        id={id}
        label="New password"
        error={errors.password?.message}
        registration={register("password")}
      />
      <button type="submit" className="btn w-full btn-primary" disabled={isSubmitting}>
        {submitLabel}
      </button>
    </form>
  );
}

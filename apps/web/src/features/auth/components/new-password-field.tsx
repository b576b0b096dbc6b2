import { PASSWORD_RULE } from "@toolshop/shared/auth";
import type { UseFormRegisterReturn } from "react-hook-form";
import { TextField } from "../../../components/form-fields";

interface NewPasswordFieldProps {
  id: string;
  label: string;
  error?: string | undefined;
  registration: UseFormRegisterReturn;
}

/**
 * A password being chosen (sign-up, reset), with the rule spelled out under it (docs/product.md section 5) as
 * the field's description, so that a screen reader says it with the field.
 */
export function NewPasswordField({ id, label, error, registration }: NewPasswordFieldProps) {
  return (
    <TextField
      id={id}
      label={label}
      error={error}
      hint={PASSWORD_RULE}
      registration={registration}
      type="password"
      autoComplete="new-password"
    />
  );
}

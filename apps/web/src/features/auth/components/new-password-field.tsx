import type { UseFormRegisterReturn } from "react-hook-form";
import { FormField } from "../../../components/form-field";

interface NewPasswordFieldProps {
  id: string;
  label: string;
  error?: string | undefined;
  registration: UseFormRegisterReturn;
}

/** A password being chosen (sign-up, reset), with the rule spelled out under it (SPEC.md section 5). */
export function NewPasswordField({ id, label, error, registration }: NewPasswordFieldProps) {
  return (
    <>
      <FormField id={id} label={label} error={error}>
        {(control) => (
          <input
            {...control}
            {...registration}
            type="password"
            autoComplete="new-password"
            className="input w-full"
          />
        )}
      </FormField>
      <p className="text-sm text-base-content/70">
        At least 8 letters and digits, with at least one letter and one digit.
      </p>
    </>
  );
}

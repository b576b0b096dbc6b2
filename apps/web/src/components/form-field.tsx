import type { ReactNode } from "react";

/** Attributes that tie a control to its label and its error message. */
export interface FieldControlProps {
  id: string;
  "aria-invalid": boolean;
  "aria-describedby"?: string;
}

interface FormFieldProps {
  id: string;
  label: string;
  /** The validation message shown under the field. */
  error?: string | undefined;
  /** Shown after the label, e.g. "(optional)". */
  labelNote?: string;
  children: (control: FieldControlProps) => ReactNode;
}

/** A labelled form control with its validation message underneath. */
export function FormField({ id, label, error, labelNote, children }: FormFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
        {labelNote ? <span className="ml-1 font-normal text-base-content/70">{labelNote}</span> : null}
      </label>
      {children({
        id,
        "aria-invalid": Boolean(error),
        ...(error ? { "aria-describedby": errorId } : {}),
      })}
      {error ? (
        <p id={errorId} className="text-sm text-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

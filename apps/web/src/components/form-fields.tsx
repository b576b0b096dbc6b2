import type { ChangeEvent, ComponentProps, ReactNode, Ref } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";

/** What every field takes besides its control's own attributes (name, type, autoComplete, maxLength...). */
interface FieldProps {
  /** The control's id; its message gets `<id>-error` and its hint `<id>-hint`. */
  id: string;
  label: string;
  /** Shown after the label, e.g. "(optional)". */
  labelNote?: string | undefined;
  /** The validation message shown under the control, which it describes. */
  error?: string | undefined;
  /** A note under the control, which it describes; announced when it changes. */
  hint?: ReactNode;
  /**
   * The form's `register("name")`: name, ref, onChange and onBlur. A form without react-hook-form
   * passes name (and value, onChange, ref...) as plain attributes instead. A `ref` or `onChange` given
   * beside the registration gets the element and the typing too (a dialog's first field to focus, a
   * field that suggests as it is typed in).
   */
  registration?: UseFormRegisterReturn | undefined;
  /** Replaces the control's default daisyUI class. */
  className?: string | undefined;
}

/** Attributes the field sets on its control itself. */
type FieldOwned = "id" | "className" | "aria-invalid" | "aria-describedby" | "children";

export type TextFieldProps = FieldProps &
  Omit<ComponentProps<"input">, FieldOwned | "list"> & {
    /** Values offered as the visitor types (a datalist), any text still accepted. */
    suggestions?: readonly string[] | undefined;
  };

export type FileFieldProps = FieldProps & Omit<ComponentProps<"input">, FieldOwned | "type">;

export type TextAreaFieldProps = FieldProps & Omit<ComponentProps<"textarea">, FieldOwned>;

export interface SelectOption {
  value: string;
  label: string;
}

export type SelectFieldProps = FieldProps &
  Omit<ComponentProps<"select">, FieldOwned> & {
    options: readonly SelectOption[];
  };

/** A labelled input (text, email, tel, password, number, url...) with its message underneath. */
export function TextField({ suggestions, ...props }: TextFieldProps) {
  const { frame, control } = fieldParts(props, "input w-full");
  const suggestionsId = `${props.id}-suggestions`;
  return (
    <Field {...frame}>
      <input {...control} list={suggestions ? suggestionsId : undefined} />
      {suggestions ? (
        <datalist id={suggestionsId}>
          {suggestions.map((value) => (
            <option key={value} value={value} />
          ))}
        </datalist>
      ) : null}
    </Field>
  );
}

/** A labelled file input with its message underneath. */
export function FileField(props: FileFieldProps) {
  const { frame, control } = fieldParts(props, "file-input w-full");
  return (
    <Field {...frame}>
      <input {...control} type="file" />
    </Field>
  );
}

/** A labelled textarea with its message underneath. */
export function TextAreaField(props: TextAreaFieldProps) {
  const { frame, control } = fieldParts(props, "textarea w-full");
  return (
    <Field {...frame}>
      <textarea {...control} />
    </Field>
  );
}

/** A labelled select of `options`, in order, with its message underneath. */
export function SelectField({ options, ...props }: SelectFieldProps) {
  const { frame, control } = fieldParts(props, "select w-full");
  return (
    <Field {...frame}>
      <select {...control}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

type FrameProps = Pick<FieldProps, "id" | "label" | "labelNote" | "error" | "hint">;

/** Splits a field's props into its frame's and its control's, tying the control to label, hint and error. */
function fieldParts<P extends FieldProps>(props: P, defaultClassName: string) {
  const { id, label, labelNote, error, hint, registration, className, ...attributes } = props;
  const describedBy = [error ? `${id}-error` : null, hint === undefined ? null : `${id}-hint`]
    .filter(Boolean)
    .join(" ");
  const frame: FrameProps = { id, label, labelNote, error, hint };
  const control = {
    ...attributes,
    ...registration,
    ...(registration ? alongside(registration, attributes) : {}),
    id,
    className: className ?? defaultClassName,
    "aria-invalid": Boolean(error),
    "aria-describedby": describedBy || undefined,
  };
  return { frame, control };
}

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** The registration's ref and onChange, each also calling the field's own when it has one. */
function alongside(
  registration: UseFormRegisterReturn,
  own: { ref?: Ref<never> | undefined; onChange?: ((event: ChangeEvent<never>) => void) | undefined },
) {
  const { ref, onChange } = own;
  return {
    ref: ref
      ? (element: Control | null) => {
          registration.ref(element);
          if (typeof ref === "function") (ref as (element: Control | null) => void)(element);
          else (ref as { current: Control | null }).current = element;
        }
      : registration.ref,
    onChange: onChange
      ? (event: ChangeEvent<Control>) => {
          (onChange as (event: ChangeEvent<Control>) => void)(event);
          return registration.onChange(event);
        }
      : registration.onChange,
  };
}

/** The label above the control, then its hint and its message. */
function Field({ id, label, labelNote, error, hint, children }: FrameProps & { children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
        {labelNote ? <span className="ml-1 font-normal text-base-content/70">{labelNote}</span> : null}
      </label>
      {children}
      {hint === undefined ? null : (
        <p id={`${id}-hint`} aria-live="polite" className="text-sm text-base-content/70">
          {hint}
        </p>
      )}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The message of a field's error, or of its first entry's for a field holding a list (a choice too
 * long, a country that is not a code): the schema puts those under the entry's index.
 */
export function listFieldMessage(error: unknown): string | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  const { message } = error as { message?: unknown };
  if (typeof message === "string") return message;
  for (const entry of Object.values(error)) {
    const found =
      typeof entry === "object" && entry !== null ? (entry as { message?: unknown }).message : undefined;
    if (typeof found === "string") return found;
  }
  return undefined;
}

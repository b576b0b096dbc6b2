import { zodResolver } from "@hookform/resolvers/zod";
import { type CartCheckoutForm, cartCheckoutFormSchema } from "@toolshop/shared/cart";
import { type FormEvent, useRef } from "react";
import {
  type FieldError,
  type FieldValues,
  type UseFormHandleSubmit,
  type UseFormRegisterReturn,
  useForm,
} from "react-hook-form";
import { TextAreaField, TextField } from "../../components/form-fields";
import { type SavedDetails, useSavedDetails } from "../profile/use-saved-details";

interface DeliveryDetailsFieldsProps {
  /** The ids become `<idPrefix>-email`, `<idPrefix>-address` and `<idPrefix>-phone`. */
  idPrefix: string;
  /** The signed-in customer's email, shown read-only (the server takes it from the token). */
  email: string;
  address: UseFormRegisterReturn;
  phone: UseFormRegisterReturn;
  /** The form's errors: the shared checkout schema's messages for address and phone. */
  errors: { address?: FieldError | undefined; phone?: FieldError | undefined };
}

/** The email, address and phone of both checkouts (one tool, the whole cart). */
export function DeliveryDetailsFields({
  idPrefix,
  email,
  address,
  phone,
  errors,
}: DeliveryDetailsFieldsProps) {
  return (
    <>
      <TextField
        id={`${idPrefix}-email`}
        label="Email"
        type="email"
        value={email}
        readOnly
        className="input w-full bg-base-200"
      />
      <TextAreaField
        id={`${idPrefix}-address`}
        label="Address"
        error={errors.address?.message}
        registration={address}
        rows={3}
        autoComplete="street-address"
      />
      <TextField
        id={`${idPrefix}-phone`}
        label="Phone"
        error={errors.phone?.message}
        registration={phone}
        type="tel"
        autoComplete="tel"
      />
    </>
  );
}

/** The two methods of a checkout's form (of any values with an address and a phone) the filling needs. */
interface DeliveryForm {
  getFieldState: (field: keyof SavedDetails) => { isDirty: boolean };
  setValue: (field: keyof SavedDetails, value: string) => void;
}

/**
 * Saved details: the profile's address and phone fill the fields the customer has not typed in yet.
 * Returns `save`, which keeps the typed ones in the profile.
 */
export function useSavedDeliveryDetails(email: string, form: DeliveryForm) {
  return useSavedDetails(email, (details) => {
    for (const field of ["address", "phone"] as const) {
      if (details[field] && !form.getFieldState(field).isDirty) form.setValue(field, details[field]);
    }
  });
}

/**
 * The form of a checkout that asks only where the order goes (the whole cart, an accepted offer): the
 * checkout's rules and messages for the address and phone, the profile's details filled in, and
 * `saveDetails`, which keeps the typed ones in the profile.
 */
export function useDeliveryForm(email: string) {
  const form = useForm<CartCheckoutForm>({
    resolver: zodResolver(cartCheckoutFormSchema),
    defaultValues: { address: "", phone: "" },
  });
  const { save } = useSavedDeliveryDetails(email, form);
  return { form, saveDetails: save };
}

/** "Save to my profile" under a checkout's address and phone (the one tool's and the cart's). */
export function SaveToProfileField({
  checked,
  onChange,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="flex items-center gap-2">
      <input
        type="checkbox"
        className="size-5 accent-primary"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      Save to my profile
    </label>
  );
}

/**
 * The submit handler of a checkout. Validation is asynchronous, so a double click would submit twice
 * before the button is disabled: the ref lets one submit through at a time (the Idempotency-Key makes
 * any retry the same order). A refused order shows through the mutation's error, so it is not rethrown.
 */
export function useSubmitOnce<Values extends FieldValues>(
  handleSubmit: UseFormHandleSubmit<Values>,
  submit: (values: Values) => Promise<unknown>,
) {
  const submitting = useRef(false);
  return (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting.current) return;
    submitting.current = true;
    void handleSubmit(async (values) => {
      await submit(values).catch(() => undefined);
    })(event).finally(() => {
      submitting.current = false;
    });
  };
}

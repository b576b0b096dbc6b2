import { zodResolver } from "@hookform/resolvers/zod";
import {
  SHIPPING_NAME_MAX_LENGTH,
  SHIPPING_NOTE_MAX_LENGTH,
  type ShippingMethod,
  type ShippingMethodBody,
  shippingMethodBodySchema,
} from "@toolshop/shared/shipping";
import { useState } from "react";
import { type Resolver, useForm } from "react-hook-form";
import { z } from "zod";
import { listFieldMessage, TextField } from "../../../components/form-fields";

/** The fields as the form holds them: amounts and countries as typed. */
interface FormInput {
  name: string;
  note: string;
  pickup: boolean;
  price: string;
  freeOver: string;
  perKg: string;
  countries: string;
  active: boolean;
}

const optionalAmount = (typed: string) => (typed.trim() === "" ? null : Number(typed));

/**
 * The route's schema over the typed fields: empty optional amounts are none, the countries a list
 * split at commas and spaces; a pickup sends no price, threshold or countries (it has none).
 */
const shippingFormSchema = z.preprocess(
  (form: FormInput) => ({
    name: form.name,
    note: form.note,
    pickup: form.pickup,
    price: form.pickup ? 0 : form.price.trim() === "" ? 0 : Number(form.price),
    freeOver: form.pickup ? null : optionalAmount(form.freeOver),
    perKg: form.pickup ? null : optionalAmount(form.perKg),
    countries: form.pickup ? [] : form.countries.split(/[\s,;]+/).filter(Boolean),
    active: form.active,
  }),
  shippingMethodBodySchema,
);

const EMPTY: FormInput = {
  name: "",
  note: "",
  pickup: false,
  price: "",
  freeOver: "",
  perKg: "",
  countries: "",
  active: true,
};

function inputOf(method: ShippingMethod): FormInput {
  const typed = (amount: number | null) => (amount === null ? "" : String(amount));
  return {
    name: method.name,
    note: method.note,
    pickup: method.pickup,
    price: String(method.price),
    freeOver: typed(method.freeOver),
    perKg: typed(method.perKg),
    countries: method.countries.join(", "),
    active: method.active,
  };
}

interface ShippingMethodFormProps {
  /** The method to change; none: a new one. */
  method?: ShippingMethod;
  /** Sends the body; a rejection's message is shown above the button. */
  onSave: (body: ShippingMethodBody) => Promise<void>;
  onCancel?: () => void;
}

/** A shipping method's fields, checked by the route's own schema before they are sent. */
export function ShippingMethodForm({ method, onSave, onCancel }: ShippingMethodFormProps) {
  const [failure, setFailure] = useState<string>();
  const idPrefix = method ? `shipping-${method._id}` : "add-shipping";
  const form = useForm<FormInput, unknown, ShippingMethodBody>({
    resolver: zodResolver(shippingFormSchema) as unknown as Resolver<FormInput, unknown, ShippingMethodBody>,
    mode: "onTouched",
    defaultValues: method ? inputOf(method) : EMPTY,
  });
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors, isSubmitting },
  } = form;
  const pickup = watch("pickup");

  return (
    <form
      noValidate
      aria-label={method ? `Change ${method.name}` : "Add a shipping method"}
      className="grid gap-4 sm:grid-cols-3"
      onSubmit={handleSubmit(async (body) => {
        setFailure(undefined);
        try {
          await onSave(body);
          if (!method) form.reset(EMPTY);
        } catch (error) {
          setFailure(error instanceof Error ? error.message : "The shipping method could not be saved.");
        }
      })}
    >
      <TextField
        id={`${idPrefix}-name`}
        label="Name"
        hint="As checkout offers it, such as Standard delivery"
        error={errors.name?.message}
        registration={register("name")}
        maxLength={SHIPPING_NAME_MAX_LENGTH}
        autoComplete="off"
      />
      <div className="sm:col-span-2">
        <TextField
          id={`${idPrefix}-note`}
          label="Note"
          labelNote="(optional)"
          hint="Shown under the name, such as 2-3 working days"
          error={errors.note?.message}
          registration={register("note")}
          maxLength={SHIPPING_NOTE_MAX_LENGTH}
          autoComplete="off"
        />
      </div>
      <label className="flex items-center gap-2 sm:col-span-3">
        <input type="checkbox" className="size-5 accent-primary" {...register("pickup")} />
        <span>Pickup at the works (free, no country)</span>
      </label>
      {pickup ? null : (
        <>
          <TextField
            id={`${idPrefix}-price`}
            label="Price"
            hint="Taxed like the tools' prices"
            error={errors.price?.message}
            registration={register("price")}
            inputMode="decimal"
            autoComplete="off"
          />
          <TextField
            id={`${idPrefix}-free-over`}
            label="Free from"
            labelNote="(optional)"
            hint="Free when the tools cost at least this"
            error={errors.freeOver?.message}
            registration={register("freeOver")}
            inputMode="decimal"
            autoComplete="off"
          />
          <TextField
            id={`${idPrefix}-per-kg`}
            label="Per kilogram"
            labelNote="(optional)"
            hint="Added per started kilogram of the tools' weight"
            error={errors.perKg?.message}
            registration={register("perKg")}
            inputMode="decimal"
            autoComplete="off"
          />
          <div className="sm:col-span-3">
            <TextField
              id={`${idPrefix}-countries`}
              label="Countries"
              labelNote="(optional)"
              hint="Two-letter codes separated by commas, such as GB, IE; empty: every country"
              error={listFieldMessage(errors.countries)}
              registration={register("countries")}
              autoComplete="off"
              spellCheck={false}
            />
          </div>
        </>
      )}
      <label className="flex items-center gap-2 sm:col-span-3">
        <input type="checkbox" className="size-5 accent-primary" {...register("active")} />
        <span>Offered at checkout</span>
      </label>
      {failure ? (
        <p role="alert" className="text-error sm:col-span-3">
          {failure}
        </p>
      ) : null}
      <div className="flex gap-2 sm:col-span-3">
        <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
          {isSubmitting ? "Saving…" : method ? "Save" : "Add the method"}
        </button>
        {onCancel ? (
          <button type="button" className="btn btn-ghost" onClick={onCancel}>
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  );
}

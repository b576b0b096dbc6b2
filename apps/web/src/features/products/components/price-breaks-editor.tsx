import { MAX_PRICE_BREAKS } from "@toolshop/shared/tools";
import { useFieldArray } from "react-hook-form";
import { TextField } from "../../../components/form-fields";
import type { ProductForm } from "../product-form-schema";

const numberInput = { valueAsNumber: true } as const;

/**
 * The product's prices by quantity (issue 49): rows of "from this many units, this unit price", added
 * and removed here; each row's messages under its own fields (the shared schema's). Focus moves to the
 * new row's quantity when a row is added, and back to the add button when one is removed.
 */
export function PriceBreaksEditor({ form, idPrefix }: { form: ProductForm; idPrefix: string }) {
  const { control, register, formState } = form;
  const { fields, append, remove } = useFieldArray({ control, name: "priceBreaks" });
  const errors = formState.errors.priceBreaks;
  const addId = `${idPrefix}-breaks-add`;
  const full = fields.length >= MAX_PRICE_BREAKS;
  return (
    <fieldset className="flex flex-col gap-3 rounded-box border border-base-300 p-3 sm:col-span-2">
      <legend className="px-1 font-medium">Prices by quantity</legend>
      <p id={`${idPrefix}-breaks-help`} className="text-sm text-base-content/80">
        Optional. Each row gives a lower unit price from a larger quantity up: quantities rising above the
        minimum order, prices falling below the list price, at most {MAX_PRICE_BREAKS} rows.
      </p>
      {fields.length ? (
        <ol aria-label="Price breaks" className="flex flex-col gap-3">
          {fields.map((field, index) => {
            const row = errors?.[index];
            return (
              <li key={field.id} className="grid grid-cols-[1fr_1fr_auto] items-start gap-2">
                <TextField
                  id={`${idPrefix}-break-${index}-quantity`}
                  label={`From quantity (row ${index + 1})`}
                  error={row?.minQuantity?.message}
                  registration={register(`priceBreaks.${index}.minQuantity`, numberInput)}
                  type="number"
                  min={2}
                  step={1}
                  inputMode="numeric"
                />
                <TextField
                  id={`${idPrefix}-break-${index}-price`}
                  label={`Unit price (row ${index + 1})`}
                  error={row?.unitPrice?.message}
                  registration={register(`priceBreaks.${index}.unitPrice`, numberInput)}
                  type="number"
                  min={0.01}
                  step={0.01}
                  inputMode="decimal"
                />
                <button
                  type="button"
                  className="btn btn-ghost btn-sm mt-7 text-error"
                  onClick={() => {
                    remove(index);
                    document.getElementById(addId)?.focus();
                  }}
                >
                  Remove<span className="sr-only"> row {index + 1}</span>
                </button>
              </li>
            );
          })}
        </ol>
      ) : null}
      {errors?.message || errors?.root?.message ? (
        <p role="alert" className="text-sm text-error">
          {errors.message ?? errors.root?.message}
        </p>
      ) : null}
      <button
        id={addId}
        type="button"
        className="btn btn-sm btn-outline self-start"
        disabled={full}
        aria-describedby={`${idPrefix}-breaks-help`}
        onClick={() =>
          append(
            { minQuantity: Number.NaN, unitPrice: Number.NaN },
            { focusName: `priceBreaks.${fields.length}.minQuantity` },
          )
        }
      >
        Add a price break
      </button>
    </fieldset>
  );
}

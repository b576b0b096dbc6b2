import type { QuoteOfferBody, quoteOfferBodySchema } from "@toolshop/shared/quote-offers";
import type { PriceBreak } from "@toolshop/shared/unit-price";
import { type UseFormReturn, useWatch } from "react-hook-form";
import type { z } from "zod";
import { TextField } from "../../../components/form-fields";
import { Money } from "../../../components/money";
import { SkuLabel } from "../../../components/sku-label";
import { formatCount, formatPrice } from "../../../lib/format";

export type OfferFormInput = z.input<typeof quoteOfferBodySchema>;
export type OfferForm = UseFormReturn<OfferFormInput, unknown, QuoteOfferBody>;

/** What the editor knows of a line's tool beyond its id: its name and its prices now. */
export interface OfferTool {
  name: string;
  /** Null for a line written before SKUs came. */
  sku: string | null;
  /** Null once the tool has left the catalogue. */
  listPrice: number | null;
  priceBreaks: readonly PriceBreak[];
}

interface OfferLineRowProps {
  form: OfferForm;
  index: number;
  tool: OfferTool;
  /** The quantity changed: the editor may move the unit price to the tool's price for it. */
  onQuantityChange: (quantity: number) => void;
  /** The owner typed a unit price: from now on it is theirs, whatever the quantity. */
  onPriceTyped: () => void;
  onRemove: () => void;
}

const numberInput = { valueAsNumber: true } as const;

/** The tool's prices as a hint: "List price $12.50; from 50 units $11.00". */
function pricesHint(tool: OfferTool): string {
  if (tool.listPrice === null) return "";
  const breaks = tool.priceBreaks.map(
    (priceBreak) => `from ${formatCount(priceBreak.minQuantity)} units ${formatPrice(priceBreak.unitPrice)}`,
  );
  return [`List price ${formatPrice(tool.listPrice)}`, ...breaks].join("; ");
}

/**
 * One line of the offer: its tool (the group's name), the quantity and unit price with the shared
 * schema's messages under them, the line's total, and Remove. Two columns on a phone, one row wider up.
 */
export function OfferLineRow({
  form,
  index,
  tool,
  onQuantityChange,
  onPriceTyped,
  onRemove,
}: OfferLineRowProps) {
  const { register, control, formState } = form;
  const errors = formState.errors.lines?.[index];
  const [quantity, unitPrice] = useWatch({
    control,
    name: [`lines.${index}.quantity`, `lines.${index}.unitPrice`],
  });
  const total = Number.isFinite(quantity) && Number.isFinite(unitPrice) ? quantity * unitPrice : null;
  const id = (field: string) => `offer-line-${index}-${field}`;
  const hint = pricesHint(tool);

  return (
    <fieldset className="flex min-w-0 flex-col gap-2 rounded-box border border-base-300 p-3">
      <legend className="max-w-full px-1 font-medium break-words">{tool.name}</legend>
      <SkuLabel sku={tool.sku} />
      {hint ? <p className="text-sm text-base-content/70">{hint}</p> : null}
      <div className="grid grid-cols-2 items-start gap-3 sm:grid-cols-[8rem_9rem_minmax(0,1fr)_auto]">
        <TextField
          id={id("quantity")}
          label="Quantity"
          error={errors?.quantity?.message}
          registration={register(`lines.${index}.quantity`, {
            ...numberInput,
            onChange: (event: { target: HTMLInputElement }) => onQuantityChange(event.target.valueAsNumber),
          })}
          type="number"
          min={1}
          step={1}
          inputMode="numeric"
        />
        <TextField
          id={id("price")}
          label="Unit price"
          error={errors?.unitPrice?.message}
          registration={register(`lines.${index}.unitPrice`, { ...numberInput, onChange: onPriceTyped })}
          type="number"
          min={0.01}
          step={0.01}
          inputMode="decimal"
        />
        <p className="flex flex-col gap-1 text-sm sm:pt-1">
          <span className="font-medium">Line total</span>
          <span className="text-base">{total === null ? "—" : <Money amount={total} />}</span>
        </p>
        <button type="button" className="btn btn-ghost btn-sm self-end text-error" onClick={onRemove}>
          Remove<span className="sr-only"> {tool.name}</span>
        </button>
      </div>
    </fieldset>
  );
}

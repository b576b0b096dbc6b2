import { zodResolver } from "@hookform/resolvers/zod";
import {
  DEFAULT_QUOTE_VALID_DAYS,
  discountedUnitMinor,
  MAX_QUOTE_LINES,
  MAX_QUOTE_VALID_DAYS,
  QUOTE_NOTE_MAX_LENGTH,
  type Quote,
  type QuoteOfferBody,
  quoteOfferBodySchema,
} from "@toolshop/shared/quote-offers";
import type { Tool } from "@toolshop/shared/tools";
import { unitPriceFor } from "@toolshop/shared/unit-price";
import { useRef, useState } from "react";
import { useFieldArray, useForm, useWatch } from "react-hook-form";
import { TextAreaField, TextField } from "../../../components/form-fields";
import { Money } from "../../../components/money";
import { notify } from "../../../lib/toast";
import { useOwnerQuoteCommand } from "../api/owner-quote-api";
import { type OfferFormInput, OfferLineRow, type OfferTool } from "./offer-line-row";
import { OFFER_TOOL_SEARCH_ID, OfferToolPicker } from "./offer-tool-picker";

/** An optional amount as typed: nothing is none, anything else a number (NaN is refused by the schema). */
const optionalNumber = (typed: unknown) =>
  typed === "" || typed === null || typed === undefined ? undefined : Number(typed);

interface QuoteOfferEditorProps {
  quote: Quote;
  /** A revision starts from the offer as sent; a first offer from the request at the tools' prices. */
  revising: boolean;
  onSent: (quote: Quote) => void;
  /** Leaves a revision unsent; a first offer has nothing to go back to. */
  onCancel?: (() => void) | undefined;
}

/** A tool's unit price for `quantity`: its price break for it, else its list price (NaN once it is gone). */
function startingPrice(tool: OfferTool, quantity: number): number {
  return tool.listPrice === null ? Number.NaN : unitPriceFor(tool.listPrice, tool.priceBreaks, quantity);
}

/** The lines the editor starts from, and the tools it knows; lines whose tool is gone are left out. */
function startFrom(quote: Quote, revising: boolean) {
  const tools = new Map<string, OfferTool>();
  const lines: OfferFormInput["lines"] = [];
  for (const line of quote.lines) {
    if (line.toolId === null) continue;
    const tool = { name: line.name, sku: line.sku, listPrice: line.listPrice, priceBreaks: line.priceBreaks };
    tools.set(line.toolId, tool);
    const unitPrice =
      revising && line.unitPrice !== null ? line.unitPrice : startingPrice(tool, line.quantity);
    lines.push({ toolId: line.toolId, quantity: line.quantity, unitPrice });
  }
  const gone = quote.lines.filter((line) => line.toolId === null).map((line) => line.name);
  return { tools, lines, gone };
}

/**
 * The owner's offer: a row per line (quantity and unit price, prefilled with the tool's price for the
 * quantity, which follows the quantity until the owner types a price), lines added from the catalogue
 * or removed, a note and a validity; checked with the route's own schema, then sent. A refusal of the
 * server (a 409 when the quote has moved on) is shown above the button.
 */
export function QuoteOfferEditor({ quote, revising, onSent, onCancel }: QuoteOfferEditorProps) {
  const [start] = useState(() => startFrom(quote, revising));
  const [tools, setTools] = useState(start.tools);
  // Lines whose price the owner typed (a revision's are all theirs): a new quantity keeps that price.
  const pricedByHand = useRef(new Set(revising ? start.lines.map((line) => line.toolId) : []));
  const send = useOwnerQuoteCommand(quote._id);
  const form = useForm<OfferFormInput, unknown, QuoteOfferBody>({
    resolver: zodResolver(quoteOfferBodySchema),
    defaultValues: {
      lines: start.lines,
      note: revising ? (quote.note ?? "") : "",
      validDays: DEFAULT_QUOTE_VALID_DAYS,
      freight: revising ? (quote.freight ?? undefined) : undefined,
      discountPercent: revising ? (quote.discountPercent ?? undefined) : undefined,
    },
  });
  const { control, register, handleSubmit, setValue, formState } = form;
  const { fields, append, remove } = useFieldArray({ control, name: "lines" });
  const lines = useWatch({ control, name: "lines" });
  const [freight, discountPercent] = useWatch({ control, name: ["freight", "discountPercent"] });
  // As the order will charge it: each unit less the discount, then the freight (before tax).
  const discount =
    typeof discountPercent === "number" && discountPercent > 0 && discountPercent < 100
      ? discountPercent
      : null;
  const total =
    lines.reduce(
      (sum, line) =>
        sum + line.quantity * (discountedUnitMinor(Math.round(line.unitPrice * 100), discount) / 100),
      0,
    ) + (typeof freight === "number" && Number.isFinite(freight) ? freight : 0);
  const linesError = formState.errors.lines?.message ?? formState.errors.lines?.root?.message;

  const addTool = (tool: Tool) => {
    const known = { name: tool.name, sku: tool.sku, listPrice: tool.price, priceBreaks: tool.priceBreaks };
    setTools((before) => new Map(before).set(tool._id, known));
    const quantity = quote.quantity ?? tool.minQuantity;
    append(
      { toolId: tool._id, quantity, unitPrice: unitPriceFor(tool.price, tool.priceBreaks, quantity) },
      { focusName: `lines.${fields.length}.quantity` },
    );
  };

  const submit = handleSubmit((body) =>
    send.mutate(
      { kind: "offer", body },
      {
        onSuccess: (sent) => {
          notify.success(`${revising ? "The revised offer" : "The offer"} is sent to ${sent.email}.`);
          onSent(sent);
        },
      },
    ),
  );

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label={revising ? "Revised offer" : "Offer"}
      className="flex flex-col gap-4"
    >
      {start.gone.length > 0 ? (
        <p className="alert alert-warning">
          No longer sold, so left out of the offer: {start.gone.join(", ")}.
        </p>
      ) : null}
      {fields.length === 0 ? (
        <p className="text-base-content/80">
          No tools yet: add the ones {quote.name} asks for, with the quantity and your price.
        </p>
      ) : (
        <ol aria-label="Offer lines" className="flex flex-col gap-3">
          {fields.map((field, index) => {
            const tool = tools.get(field.toolId) ?? {
              name: "Tool",
              sku: null,
              listPrice: null,
              priceBreaks: [],
            };
            return (
              <li key={field.id}>
                <OfferLineRow
                  form={form}
                  index={index}
                  tool={tool}
                  onQuantityChange={(quantity) => {
                    if (pricedByHand.current.has(field.toolId) || !(quantity >= 1)) return;
                    setValue(`lines.${index}.unitPrice`, startingPrice(tool, quantity));
                  }}
                  onPriceTyped={() => pricedByHand.current.add(field.toolId)}
                  onRemove={() => {
                    remove(index);
                    document.getElementById(OFFER_TOOL_SEARCH_ID)?.focus();
                  }}
                />
              </li>
            );
          })}
        </ol>
      )}
      {linesError ? (
        <p role="alert" className="text-sm text-error">
          {linesError}
        </p>
      ) : null}
      <OfferToolPicker
        initialText={quote.lines.length === 0 ? quote.tool : ""}
        chosen={new Set(lines.map((line) => line.toolId))}
        canAdd={fields.length < MAX_QUOTE_LINES}
        onPick={addTool}
      />
      <p className="text-lg font-semibold">
        Offer total {Number.isFinite(total) ? <Money amount={total} /> : "—"}
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id="offer-discount"
          label="Discount (%)"
          labelNote="(optional)"
          hint="Off every unit price above"
          error={formState.errors.discountPercent?.message}
          registration={register("discountPercent", { setValueAs: optionalNumber })}
          inputMode="decimal"
          autoComplete="off"
        />
        <TextField
          id="offer-freight"
          label="Freight"
          labelNote="(optional)"
          hint="The order's shipping charge, taxed like the tools"
          error={formState.errors.freight?.message}
          registration={register("freight", { setValueAs: optionalNumber })}
          inputMode="decimal"
          autoComplete="off"
        />
      </div>
      <TextAreaField
        id="offer-note"
        label="Note to the customer"
        labelNote="(optional)"
        error={formState.errors.note?.message}
        registration={register("note")}
        maxLength={QUOTE_NOTE_MAX_LENGTH}
        rows={3}
      />
      <div className="sm:w-48">
        <TextField
          id="offer-valid-days"
          label="Valid for (days)"
          error={formState.errors.validDays?.message}
          registration={register("validDays", { valueAsNumber: true })}
          type="number"
          min={1}
          max={MAX_QUOTE_VALID_DAYS}
          step={1}
          inputMode="numeric"
        />
      </div>
      {send.error ? (
        <p role="alert" className="alert alert-error">
          {send.error.message}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary" disabled={send.isPending}>
          {send.isPending ? "Sending…" : revising ? "Send the revised offer" : "Send offer"}
        </button>
        {onCancel ? (
          <button type="button" className="btn" onClick={onCancel} disabled={send.isPending}>
            Keep the offer as it is
          </button>
        ) : null}
      </div>
    </form>
  );
}

// How the customer's quote screens show a quote: its state as a badge, its dates, its lines in words
// and its offer's total with the tax in force, the same on the list and on the offer page.
import { QUOTE_STATE_LABELS, type QuoteState } from "@toolshop/shared/quote-lifecycle";
import { discountedUnitMinor, type Quote } from "@toolshop/shared/quote-offers";
import { previewTax, type TaxedTotal } from "../../components/tax-summary";
import { formatCount } from "../../lib/format";
import { linesInWords } from "../../lib/order-lines";
import { useShop } from "../storefront/api/shop-api";

/** An offer waiting for the customer stands out; an ended quote is grey. */
const PALETTE: Record<QuoteState, string> = {
  requested: "badge-ghost",
  offered: "badge-primary",
  accepted: "badge-success",
  declined: "badge-neutral",
  expired: "badge-neutral",
  withdrawn: "badge-neutral",
};

export function QuoteStateBadge({ state }: { state: QuoteState }) {
  return <span className={`badge whitespace-nowrap ${PALETTE[state]}`}>{QUOTE_STATE_LABELS[state]}</span>;
}

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

/** A date of a quote (ISO 8601) in a <time>, as the order screens write theirs. */
export function QuoteDate({ at }: { at: string }) {
  return <time dateTime={at}>{dateFormat.format(new Date(at))}</time>;
}

/** The quote in a few words: its lines ("60 × Pliers, 10 × Drill"), or what a home page message asked for. */
export function quoteSummary(quote: Quote): string {
  if (quote.lines.length > 0) return linesInWords(quote);
  if (quote.tool)
    return quote.quantity === null ? quote.tool : `${formatCount(quote.quantity)} × ${quote.tool}`;
  return "Your message";
}

/** When the quote last entered its state (its history's newest entry in that state). */
export function enteredStateAt(quote: Quote): string | undefined {
  return quote.history.findLast((entry) => entry.state === quote.state)?.at;
}

/**
 * The offer's net, tax and total at the tax in force, each line at its offered unit price, rounded as
 * the server rounds the order that accepting it makes; null until there is an offer.
 */
export function useOfferTotal(quote: Quote): TaxedTotal | null {
  const tax = useShop()?.tax;
  if (quote.total === null) return null;
  // As the order will charge it: each unit less the offer's discount, then the freight as one more line.
  const units = quote.lines.map((line) => ({
    price: discountedUnitMinor(Math.round((line.unitPrice ?? 0) * 100), quote.discountPercent) / 100,
    quantity: line.quantity,
  }));
  const freight = quote.freight === null ? [] : [{ price: quote.freight, quantity: 1 }];
  return previewTax([...units, ...freight], tax);
}

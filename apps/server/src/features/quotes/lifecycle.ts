// A quote's lifecycle (issue 49): the transition table in packages/shared/src/quote-lifecycle.ts, and one
// guarded update per change, as orders/lifecycle.ts does for orders. Every state change of a quote goes
// through moveQuote, so the table is the only place that says which change is legal, and every change
// leaves a dated line in the history.
import { quoteHistory, quotes } from "@toolshop/db/schema";
import {
  illegalQuoteTransitionMessage,
  isAllowedQuoteTransition,
  type QuoteState,
} from "@toolshop/shared/quote-lifecycle";
import { and, eq, type SQL } from "drizzle-orm";
import { HttpError } from "../../lib/http-errors";
import type { Transaction } from "../orders/place-order";

export type QuoteRow = typeof quotes.$inferSelect;

export function assertQuoteTransition(from: QuoteState, to: QuoteState): void {
  if (!isAllowedQuoteTransition(from, to)) throw new HttpError(409, illegalQuoteTransitionMessage(from, to));
}

/** Columns a change may set beside the state (the offer's note and end, the decline's reason). */
export type QuoteChange = Partial<
  Pick<
    QuoteRow,
    | "note"
    | "validUntil"
    | "declineReason"
    | "handled"
    | "userId"
    | "offerFreightCents"
    | "offerDiscountPercent"
  >
>;

/**
 * Moves one quote from `from` to `to` (WHERE state = from, and `condition` when given) and writes the
 * change's history line, `at` now unless given. Answers the updated row, or undefined when the quote
 * was not in `from` any more: the caller re-reads and explains.
 */
export async function moveQuote(
  tx: Transaction,
  quoteId: string,
  from: QuoteState,
  to: QuoteState,
  change: QuoteChange = {},
  options: { condition?: SQL; at?: Date } = {},
): Promise<QuoteRow | undefined> {
  assertQuoteTransition(from, to);
  const [row] = await tx
    .update(quotes)
    .set({ ...change, state: to })
    .where(and(eq(quotes.id, quoteId), eq(quotes.state, from), options.condition))
    .returning();
  if (!row) return undefined;
  await tx.insert(quoteHistory).values({ quoteId, state: to, ...(options.at ? { at: options.at } : {}) });
  return row;
}

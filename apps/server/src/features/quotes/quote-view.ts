// A quote as its owner and the admins see it: its row, lines (with the tool's prices now), history
// and the order it became, read for many quotes in three queries.
import type { Database } from "@toolshop/db/client";
import { orders, quoteHistory, quoteLines, quotes, tools } from "@toolshop/db/schema";
import { effectiveQuoteState } from "@toolshop/shared/quote-lifecycle";
import { discountedUnitMinor, type Quote, type QuoteLine } from "@toolshop/shared/quote-offers";
import { asc, eq, inArray } from "drizzle-orm";
import { HttpError } from "../../lib/http-errors";
import { minorToAmount } from "../../lib/money";
import { isAdmin } from "../../policy/access-policy";
import { ownsClaimable, provenAddress } from "../../policy/address-claims";
import type { Actor } from "../orders/context";
import { priceBreaksResponse } from "../tools/service";
import type { QuoteRow } from "./lifecycle";

/** What anyone who may not see a quote is told: the same as for a quote that does not exist. */
export const NO_SUCH_QUOTE = "There is no quote with this id.";

/**
 * The quote's owner: the customer who asked, or, for a visitor's message, the account that proved the
 * message's address (`proven`: policy/address-claims.ts). Signing up with the address is not enough.
 */
export function ownsQuote(
  row: Pick<QuoteRow, "userId" | "email">,
  actor: Actor,
  proven: string | null,
): boolean {
  return ownsClaimable(row, actor, proven);
}

export async function findQuote(db: Pick<Database, "select">, quoteId: string): Promise<QuoteRow> {
  const [row] = await db.select().from(quotes).where(eq(quotes.id, quoteId));
  if (!row) throw new HttpError(404, NO_SUCH_QUOTE);
  return row;
}

/**
 * The quote if the actor owns it or, when admins may, is one; a 404 otherwise, as for a quote that does
 * not exist, so that nobody learns whose quotes exist.
 */
export async function findAccessibleQuote(
  db: Database,
  actor: Actor,
  quoteId: string,
  options: { adminToo: boolean },
): Promise<QuoteRow> {
  const row = await findQuote(db, quoteId);
  // The address is asked about only for a visitor's message: a customer's quote is theirs by id.
  const proven = row.userId === null ? await provenAddress(db, actor) : null;
  if (ownsQuote(row, actor, proven)) return row;
  if (options.adminToo && (await isAdmin(db, actor.id))) return row;
  throw new HttpError(404, NO_SUCH_QUOTE);
}

export async function quoteViews(
  db: Pick<Database, "select">,
  rows: readonly QuoteRow[],
  currency: string,
  now = new Date(),
): Promise<Quote[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [lines, history, made] = await Promise.all([
    db
      .select({ line: quoteLines, listPriceCents: tools.priceCents, priceBreaks: tools.priceBreaks })
      .from(quoteLines)
      .leftJoin(tools, eq(tools.id, quoteLines.toolId))
      .where(inArray(quoteLines.quoteId, ids))
      .orderBy(asc(quoteLines.quoteId), asc(quoteLines.position)),
    db
      .select()
      .from(quoteHistory)
      .where(inArray(quoteHistory.quoteId, ids))
      .orderBy(asc(quoteHistory.quoteId), asc(quoteHistory.at), asc(quoteHistory.id)),
    db.select({ id: orders.id, quoteId: orders.quoteId }).from(orders).where(inArray(orders.quoteId, ids)),
  ]);
  const money = (cents: number | null) => (cents === null ? null : minorToAmount(cents, currency));
  return rows.map((row) => {
    const own = lines.filter(({ line }) => line.quoteId === row.id);
    const priced = own.every(({ line }) => line.unitPriceCents !== null) && own.length > 0;
    const viewLines: QuoteLine[] = own.map(({ line, listPriceCents, priceBreaks }) => ({
      toolId: line.toolId,
      name: line.name,
      image: line.image,
      sku: line.sku,
      quantity: line.quantity,
      unitPrice: money(line.unitPriceCents),
      total: line.unitPriceCents === null ? null : money(line.unitPriceCents * line.quantity),
      listPrice: money(listPriceCents),
      priceBreaks: priceBreaksResponse(priceBreaks ?? [], currency),
    }));
    const state = effectiveQuoteState(row.state, row.validUntil, now);
    const entries = history
      .filter((entry) => entry.quoteId === row.id)
      .map((entry) => ({ state: entry.state, at: entry.at.toISOString() }));
    // Expired by time but not yet by the sweep: the history says when, as the sweep will write it.
    if (state === "expired" && row.state === "offered" && row.validUntil) {
      entries.push({ state, at: row.validUntil.toISOString() });
    }
    return {
      _id: row.id,
      state,
      name: row.name,
      email: row.email,
      phone: row.phone ?? "",
      company: row.company ?? "",
      message: row.message,
      tool: row.tool ?? "",
      quantity: row.quantity,
      createdAt: row.createdAt.toISOString(),
      lines: viewLines,
      discountPercent: row.offerDiscountPercent,
      freight: money(row.offerFreightCents),
      // What the order will charge before tax: each unit less the discount, and the freight.
      total: priced
        ? money(
            own.reduce(
              (sum, { line }) =>
                sum + discountedUnitMinor(line.unitPriceCents ?? 0, row.offerDiscountPercent) * line.quantity,
              row.offerFreightCents ?? 0,
            ),
          )
        : null,
      note: row.note,
      validUntil: row.validUntil?.toISOString() ?? null,
      declineReason: row.declineReason,
      orderId: made.find((order) => order.quoteId === row.id)?.id ?? null,
      history: entries,
    };
  });
}

export async function quoteView(db: Pick<Database, "select">, row: QuoteRow, currency: string) {
  const [view] = await quoteViews(db, [row], currency);
  if (!view) throw new Error("A quote without its view.");
  return view;
}

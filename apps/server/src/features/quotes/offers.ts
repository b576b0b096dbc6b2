// The owner's offer and the customer's answer (issue 49). Each command locks the quote's row, judges its
// state by the one transition table (lifecycle.ts) and moves it; accepting places the order through the
// order core in the same transaction, at exactly the offered unit prices, so that two accepts (or an
// accept and a withdrawal) on any two processes queue on the row lock: one order at most. Each change's
// mails are queued in its transaction (quote-outbox.ts).
import { orders, quoteLines, quotes, tools } from "@toolshop/db/schema";
import type { Order } from "@toolshop/shared/orders";
import { effectiveQuoteState, type QuoteState } from "@toolshop/shared/quote-lifecycle";
import {
  DEFAULT_QUOTE_VALID_DAYS,
  discountedUnitMinor,
  type QuoteAcceptBody,
  type QuoteOfferBody,
} from "@toolshop/shared/quote-offers";
import { and, asc, eq, inArray, lte } from "drizzle-orm";
import { HttpError } from "../../lib/http-errors";
import { amountToMinor } from "../../lib/money";
import { isAdmin } from "../../policy/access-policy";
import { provenAddress } from "../../policy/address-claims";
import { removeFromCart } from "../cart/service";
import { type Actor, type OrdersContext, publish } from "../orders/context";
import { orderResponse, orderViewColumns } from "../orders/dto";
import { placeOrderIn, type Transaction } from "../orders/place-order";
import { assertQuoteTransition, moveQuote, type QuoteChange, type QuoteRow } from "./lifecycle";
import type { QuoteChangeKind } from "./quote-mails";
import type { QuoteMails } from "./quote-outbox";
import { NO_SUCH_QUOTE, ownsQuote } from "./quote-view";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The orders context, and where each change of a quote queues its mails. */
export interface QuotesContext extends OrdersContext {
  quoteMails: QuoteMails;
}

/** What a command did: the quote after it, and whether an offer found past its validity expired instead. */
export interface QuoteOutcome {
  quote: QuoteRow;
  /** The offer had expired: the quote is now stored expired and the command was refused (409). */
  expired: boolean;
}

async function lockQuote(tx: Transaction, quoteId: string): Promise<QuoteRow> {
  const [row] = await tx.select().from(quotes).where(eq(quotes.id, quoteId)).for("update");
  if (!row) throw new HttpError(404, NO_SUCH_QUOTE);
  return row;
}

/** Stores the expiry of an offer found past its validity (dated when it ran out), and queues its mail. */
async function expireLocked(mails: QuoteMails, tx: Transaction, row: QuoteRow): Promise<QuoteRow> {
  const at = row.validUntil ?? new Date();
  const expired = await moveQuote(tx, row.id, "offered", "expired", {}, { at });
  if (!expired) return row;
  await mails.changed(tx, "expired", expired);
  return expired;
}

/**
 * One change of a locked quote: an offer past its validity is expired first (the change is then
 * refused with the table's sentence once that has committed); otherwise `apply` runs. Either way the
 * change's mails are queued in its transaction.
 */
async function changeQuote(
  ctx: QuotesContext,
  quoteId: string,
  to: QuoteChangeKind,
  apply: (tx: Transaction, row: QuoteRow) => Promise<QuoteRow>,
  judge?: (row: QuoteRow) => void,
): Promise<QuoteOutcome> {
  const outcome = await ctx.db.transaction(async (tx): Promise<QuoteOutcome> => {
    const row = await lockQuote(tx, quoteId);
    judge?.(row);
    if (effectiveQuoteState(row.state, row.validUntil) === "expired" && row.state === "offered") {
      return { quote: await expireLocked(ctx.quoteMails, tx, row), expired: true };
    }
    assertQuoteTransition(row.state, to);
    const changed = await apply(tx, row);
    await ctx.quoteMails.changed(tx, to, changed);
    return { quote: changed, expired: false };
  });
  if (outcome.expired) assertQuoteTransition("expired", to);
  return outcome;
}

async function moved(tx: Transaction, row: QuoteRow, to: QuoteState, change: QuoteChange = {}) {
  const after = await moveQuote(tx, row.id, row.state, to, change);
  if (!after) throw new Error("A locked quote changed state.");
  return after;
}

/** POST /quotes/:id/offer (admin): the offer's lines replace the request's (or the last offer's). */
export function offerQuote(ctx: QuotesContext, quoteId: string, body: QuoteOfferBody): Promise<QuoteOutcome> {
  return changeQuote(ctx, quoteId, "offered", async (tx, row) => {
    const ids = body.lines.map((line) => line.toolId);
    const found = await tx
      .select({ id: tools.id, name: tools.name, image: tools.image, sku: tools.sku })
      .from(tools)
      .where(inArray(tools.id, ids));
    const byId = new Map(found.map((tool) => [tool.id, tool]));
    const missing = ids.filter((id) => !byId.has(id));
    if (missing.length > 0) throw new HttpError(404, `There is no tool with the id ${missing.join(", ")}.`);
    await tx.delete(quoteLines).where(eq(quoteLines.quoteId, row.id));
    await tx.insert(quoteLines).values(
      body.lines.map((line, position) => {
        const tool = byId.get(line.toolId) as { name: string; image: string; sku: string };
        return {
          quoteId: row.id,
          position,
          toolId: line.toolId,
          name: tool.name,
          image: tool.image,
          sku: tool.sku,
          quantity: line.quantity,
          unitPriceCents: amountToMinor(line.unitPrice, ctx.currency),
        };
      }),
    );
    const days = body.validDays ?? DEFAULT_QUOTE_VALID_DAYS;
    return moved(tx, row, "offered", {
      note: body.note || null,
      validUntil: new Date(Date.now() + days * DAY_MS),
      handled: true,
      offerFreightCents: body.freight === undefined ? null : amountToMinor(body.freight, ctx.currency),
      offerDiscountPercent: body.discountPercent ?? null,
    });
  });
}

/** POST /quotes/:id/withdraw (admin). */
export function withdrawQuote(ctx: QuotesContext, quoteId: string): Promise<QuoteOutcome> {
  return changeQuote(ctx, quoteId, "withdrawn", (tx, row) => moved(tx, row, "withdrawn"));
}

/**
 * The check that only the quote's owner answers its offer, judged on the locked row: anyone else gets
 * the 404 of a quote they cannot see; an admin, who can see every quote, a 403.
 */
async function ownerOnly(ctx: QuotesContext, actor: Actor): Promise<(row: QuoteRow) => void> {
  const [proven, admin] = await Promise.all([provenAddress(ctx.db, actor), isAdmin(ctx.db, actor.id)]);
  return (row) => {
    if (ownsQuote(row, actor, proven)) return;
    if (admin) throw new HttpError(403, "Only the customer who asked for this quote can answer its offer.");
    throw new HttpError(404, NO_SUCH_QUOTE);
  };
}

/** POST /quotes/:id/decline (its owner), with their reason if they gave one. */
export async function declineQuote(
  ctx: QuotesContext,
  actor: Actor,
  quoteId: string,
  reason: string | undefined,
): Promise<QuoteOutcome> {
  const refuseUnlessOwner = await ownerOnly(ctx, actor);
  return changeQuote(
    ctx,
    quoteId,
    "declined",
    (tx, row) =>
      moved(tx, row, "declined", { declineReason: reason || null, userId: row.userId ?? actor.id }),
    refuseUnlessOwner,
  );
}

export interface AcceptedQuote extends QuoteOutcome {
  order: Order;
  /** True when the quote had been accepted before: its order is answered again. */
  replayed: boolean;
}

/**
 * POST /quotes/:id/accept (its owner): an unpaid order at exactly the offered unit prices, its stock
 * reserved, `quoteId` set. A short line refuses the accept and names it (the quote stays offered). A
 * quote accepted before answers its order again: accepting twice makes one order.
 */
export async function acceptQuote(
  ctx: QuotesContext,
  actor: Actor,
  quoteId: string,
  body: QuoteAcceptBody,
): Promise<AcceptedQuote> {
  const refuseUnlessOwner = await ownerOnly(ctx, actor);
  let answer: { order: Order; replayed: boolean } | undefined;
  const outcome = await changeQuote(
    ctx,
    quoteId,
    "accepted",
    async (tx, row) => {
      const lines = await tx
        .select()
        .from(quoteLines)
        .where(eq(quoteLines.quoteId, row.id))
        .orderBy(asc(quoteLines.position));
      const gone = lines
        .filter((line) => line.toolId === null)
        .map((line) => `${line.name} is no longer sold`);
      if (gone.length > 0) throw new HttpError(409, `Nothing was ordered: ${gone.join("; ")}.`);
      const order = await placeOrderIn(tx, ctx, actor, {
        // Each unit at the offered price less the offer's discount, the freight as the order's shipping.
        lines: lines.map((line) => ({
          toolId: line.toolId as string,
          quantity: line.quantity,
          unitPriceCents:
            line.unitPriceCents === null
              ? undefined
              : discountedUnitMinor(line.unitPriceCents, row.offerDiscountPercent),
        })),
        address: body.address,
        phone: body.phone,
        quoteId: row.id,
        quoteCompany: row.company,
        freightCents: row.offerFreightCents ?? undefined,
      });
      // The quote's tools leave the cart with the order that buys them, or its checkout buys them again.
      await removeFromCart(
        tx,
        actor.id,
        lines.map((line) => ({ toolId: line.toolId as string, quantity: line.quantity })),
      );
      answer = { order, replayed: false };
      return moved(tx, row, "accepted", { userId: actor.id });
    },
    (row) => {
      refuseUnlessOwner(row);
      if (row.state === "accepted") throw new AlreadyAccepted(row);
    },
  ).catch(async (error: unknown) => {
    if (!(error instanceof AlreadyAccepted)) throw error;
    answer = { order: await orderOfQuote(ctx, error.quote.id), replayed: true };
    return { quote: error.quote, expired: false };
  });
  if (!answer) throw new Error("An accepted quote without its order.");
  if (!answer.replayed) await publish(ctx, { type: "OrderPlaced", order: answer.order });
  return { ...outcome, ...answer };
}

/** Thrown inside the accept's transaction to end it without a change: the quote was accepted before. */
class AlreadyAccepted extends Error {
  constructor(readonly quote: QuoteRow) {
    super("already accepted");
  }
}

async function orderOfQuote(ctx: OrdersContext, quoteId: string): Promise<Order> {
  const [row] = await ctx.db.select(orderViewColumns).from(orders).where(eq(orders.quoteId, quoteId));
  if (!row) throw new HttpError(409, "This quote was accepted, and its order has since been deleted.");
  return orderResponse(ctx.db, row, ctx);
}

/**
 * Stores the expiry of every offer past its validity (a periodic sweep, so that the customer is mailed
 * and the history dated even if nobody looks at the quote); answers the quotes it expired.
 */
export async function expireOffers(
  ctx: Pick<QuotesContext, "db" | "quoteMails">,
  now = new Date(),
): Promise<QuoteRow[]> {
  assertQuoteTransition("offered", "expired");
  return ctx.db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(quotes)
      .where(and(eq(quotes.state, "offered"), lte(quotes.validUntil, now)))
      .limit(200)
      .for("update", { skipLocked: true });
    const expired: QuoteRow[] = [];
    for (const row of due) expired.push(await expireLocked(ctx.quoteMails, tx, row));
    return expired;
  });
}

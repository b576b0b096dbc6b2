// The shop's record of a refund (issue 56): a pending row written, with the order's row locked, before
// the gateway is asked (its id is the gateway's idempotency key), then completed in the transaction
// that records what the refund gives back (the order process's refund step: the lines' refunded units,
// the credit note, the day's sales, the stock, the mail, and a paid order's move to refunded once every
// line is). A crash or an error between the gateway and that commit leaves the row pending: asked
// again (refunds.ts) or found by the recovery task, it is paid out again with the same key, which the
// gateway answers with its first refund.
import type { Database } from "@toolshop/db/client";
import { orders, refunds } from "@toolshop/db/schema";
import { and, asc, eq, lt, sql } from "drizzle-orm";
import { HttpError } from "../../lib/http-errors";
import { RefundRefusedError } from "../payments/gateway";
import type { OrdersContext } from "./context";
import { type ProcessContext, type RecordedRefund, recordRefund } from "./order-process";
import type { OrderRow, RefundRow } from "./row-types";

export type RefundUnits = RefundRow["lines"];

export const REFUND_UNDER_WAY =
  "Another refund of this order is under way. Please reload it in a minute and refund again if need be.";

/**
 * How long the gateway is trusted to remember a key: Stripe prunes keys after 24 hours, and the same
 * key sent after that would refund again. A row pending longer is left for an operator.
 */
export const GATEWAY_KEY_LIFETIME_MS = 23 * 60 * 60 * 1000;
export const REFUND_KEY_EXPIRED =
  "This refund has been pending for over a day: check at the payment gateway whether it was paid out before refunding again.";

/** The order's row, locked until `tx` ends: refunds of one order are recorded one at a time. */
export async function lockOrder(tx: Database, orderId: string): Promise<OrderRow> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
  if (!order) throw new HttpError(404, "There is no order with this id.");
  return order;
}

export function pendingRefundsOf(tx: Database, orderId: string): Promise<RefundRow[]> {
  return tx
    .select()
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), eq(refunds.state, "pending")))
    .orderBy(asc(refunds.createdAt));
}

/** Units of each line (by position) that pending refunds have taken already. */
export function unitsTakenBy(pending: readonly RefundRow[]): Map<number, number> {
  const taken = new Map<number, number>();
  for (const row of pending) {
    for (const { position, quantity } of row.lines)
      taken.set(position, (taken.get(position) ?? 0) + quantity);
  }
  return taken;
}

export function sameUnits(a: RefundUnits, b: RefundUnits): boolean {
  const key = (units: RefundUnits) =>
    JSON.stringify([...units].sort((x, y) => x.position - y.position).map((u) => [u.position, u.quantity]));
  return key(a) === key(b);
}

export async function insertPendingRefund(
  tx: Database,
  values: Pick<RefundRow, "orderId" | "paymentId" | "kind" | "amountCents" | "lines">,
): Promise<RefundRow> {
  const [row] = await tx.insert(refunds).values(values).returning();
  if (!row) throw new Error("The refund's row was not written.");
  return row;
}

/** What the gateway is told the refund is for: its lines' units (nothing for a refund of everything left). */
export function purposeOf(row: RefundRow): string | undefined {
  if (row.kind !== "lines") return undefined;
  return row.lines.map(({ position, quantity }) => `line ${position + 1} x ${quantity}`).join(", ");
}

/**
 * Asks the gateway to pay the refund out, its row's id as the idempotency key, with the same
 * parameters on every attempt. A final refusal (nothing paid) closes the row as failed, so that its
 * units can be refunded again; any other error leaves it pending for a retry.
 */
export async function payOut(ctx: Pick<OrdersContext, "db" | "gateway">, row: RefundRow): Promise<void> {
  if (Date.now() - row.createdAt.getTime() > GATEWAY_KEY_LIFETIME_MS)
    throw new HttpError(409, REFUND_KEY_EXPIRED);
  const amount = row.kind === "lines" ? row.amountCents : undefined;
  try {
    await ctx.gateway.refund(row.paymentId, `refund-${row.id}`, amount, purposeOf(row));
  } catch (error) {
    if (error instanceof RefundRefusedError) {
      await ctx.db
        .update(refunds)
        .set({ state: "failed", settledAt: sql`now()` })
        .where(and(eq(refunds.id, row.id), eq(refunds.state, "pending")));
    }
    throw error;
  }
}

/**
 * Records a refund the gateway has paid out, once: answers undefined when another attempt completed
 * it first. What the refund gives back, and says, is the order process's refund step (order-process.ts),
 * in this transaction: its mail is queued here, so a refund that commits always has its mail.
 */
export async function completeRefund(
  ctx: ProcessContext,
  row: RefundRow,
): Promise<RecordedRefund | undefined> {
  return ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, row.orderId);
    const [completed] = await tx
      .update(refunds)
      .set({ state: "completed", settledAt: sql`now()` })
      .where(and(eq(refunds.id, row.id), eq(refunds.state, "pending")))
      .returning({ id: refunds.id });
    if (!completed) return undefined;
    return recordRefund(ctx, tx, order, row);
  });
}

/** Pending refunds written before `cutoff`, oldest first: their request crashed or failed meanwhile. */
export function stalePendingRefunds(db: Database, cutoff: Date, limit: number): Promise<RefundRow[]> {
  return db
    .select()
    .from(refunds)
    .where(and(eq(refunds.state, "pending"), lt(refunds.createdAt, cutoff)))
    .orderBy(asc(refunds.createdAt))
    .limit(limit);
}

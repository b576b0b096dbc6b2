// The admin's refunds (issue 48): a whole paid order, as always, or chosen units of chosen lines of a
// paid, shipped or delivered order; and a payment that came after its order was cancelled. Each is
// recorded before money moves (issue 56, refund-records.ts): a pending row in the order's locked
// transaction, then the gateway with the row's id as its idempotency key, then the row completed with
// the lines, stock, sales, credit note and mail (order-process.ts's refund step). Whose lines may be
// refunded is the shared LINE_REFUNDS (order-lifecycle.ts); shipped and delivered orders keep their
// status (the table has no way from them to refunded): their lines say what was refunded.
import { refunds } from "@toolshop/db/schema";
import type { Order, RefundLinesBody } from "@toolshop/shared/orders";
import { taxOfUnits } from "@toolshop/shared/tax";
import { and, eq, inArray } from "drizzle-orm";
import { HttpError } from "../../lib/http-errors";
import { RefundRefusedError } from "../payments/gateway";
import type { OrdersContext } from "./context";
import { linesOfOrders } from "./dto";
import { assertMayEnter, assertMayRefundLines, type LineRefund, type ProcessContext } from "./order-process";
import {
  completeRefund,
  insertPendingRefund,
  lockOrder,
  payOut,
  pendingRefundsOf,
  REFUND_UNDER_WAY,
  sameUnits,
  stalePendingRefunds,
  unitsTakenBy,
} from "./refund-records";
import type { OrderLineRow, OrderRow, RefundRow } from "./row-types";

/** What recording and announcing a refund needs (a late payment's refund comes with less). */
type RefundContext = ProcessContext & Pick<OrdersContext, "gateway">;

/**
 * POST /orders/:id/refund (admin) without a body: refunds what is left of the payment, and the order
 * becomes refunded with every unit not refunded before. Asked again while its record is pending (the
 * first attempt crashed or the gateway failed), it finishes that record.
 */
export async function refundOrder(ctx: OrdersContext, orderId: string): Promise<Order> {
  const row = await ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    const pending = await pendingRefundsOf(tx, order.id);
    const again = pending.find((each) => each.kind === "order");
    if (again) return again;
    if (pending.length > 0) throw new HttpError(409, REFUND_UNDER_WAY);
    assertMayEnter(order, "refunded");
    // Refused above without one.
    const paymentId = order.paymentIntentId as string;
    const lines = (await linesOfOrders(tx, [order.id])).get(order.id) ?? [];
    const left = lines
      .map((line) => ({ line, quantity: line.quantity - line.refundedQuantity }))
      .filter(({ quantity }) => quantity > 0);
    return insertPendingRefund(tx, {
      orderId: order.id,
      paymentId,
      kind: "order",
      // What is left of the lines, and the shipping, which only a whole refund gives back.
      amountCents: grossOf(order, left) + shippingGrossOf(order),
      lines: unitsOf(left),
    });
  });
  return answerOf(await settleRefund(ctx, row));
}

/** POST /orders/:id/refund (admin) with `{lines}`: refunds those units of those lines. */
export async function refundOrderLines(
  ctx: OrdersContext,
  orderId: string,
  body: RefundLinesBody,
): Promise<Order> {
  const row = await ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    assertMayRefundLines(order);
    // Refused above without one.
    const paymentId = order.paymentIntentId as string;
    const lines = (await linesOfOrders(tx, [order.id])).get(order.id) ?? [];
    const pending = await pendingRefundsOf(tx, order.id);
    const asked = chooseLines(lines, body, new Map());
    // The same units asked again while their refund is pending: that refund, finished.
    const again = pending.find((each) => each.kind === "lines" && sameUnits(each.lines, unitsOf(asked)));
    if (again) return again;
    if (pending.some((each) => each.kind !== "lines")) throw new HttpError(409, REFUND_UNDER_WAY);
    // Units a pending refund has taken are not left to refund, whatever it becomes.
    const taken = unitsTakenBy(pending);
    const chosen = chooseLines(lines, body, taken);
    return insertPendingRefund(tx, {
      orderId: order.id,
      paymentId,
      kind: "lines",
      amountCents: grossOf(order, chosen, taken),
      lines: unitsOf(chosen),
    });
  });
  return answerOf(await settleRefund(ctx, row));
}

/**
 * A payment that does not pay its order (it succeeded after the order was cancelled, or for another
 * amount or currency): the shop keeps no such money, so it is refunded in full, once however many paths
 * see it at once (the order's lock queues them; a later one finds the first's record). The order's
 * status and stock are not touched.
 */
export async function refundLatePayment(
  ctx: RefundContext,
  orderId: string,
  payment: { id: string; amountCents: number },
): Promise<void> {
  const row = await recordPaymentRefund(ctx, orderId, payment);
  if (row) await settleRefund(ctx, row);
}

/**
 * The record of such a payment's refund, written once per payment under the order's lock: answers it
 * while it is pending (settleRefund pays it out), undefined once it has completed.
 */
export async function recordPaymentRefund(
  ctx: Pick<OrdersContext, "db">,
  orderId: string,
  payment: { id: string; amountCents: number },
): Promise<RefundRow | undefined> {
  return ctx.db.transaction(async (tx) => {
    await lockOrder(tx, orderId);
    const [earlier] = await tx
      .select()
      .from(refunds)
      .where(
        and(
          eq(refunds.paymentId, payment.id),
          eq(refunds.kind, "payment"),
          inArray(refunds.state, ["pending", "completed"]),
        ),
      );
    if (earlier?.state === "completed") return undefined;
    return (
      earlier ??
      insertPendingRefund(tx, {
        orderId,
        paymentId: payment.id,
        kind: "payment",
        amountCents: payment.amountCents,
        lines: [],
      })
    );
  });
}

/** How long a pending refund is left to its own request before the recovery task finishes it. */
export const PENDING_REFUND_GRACE_MS = 60_000;
export const REFUND_RECOVERY_INTERVAL_MS = 60_000;
const RECOVERY_BATCH = 100;

/** What one run of the recovery task did, for its log line. */
export interface RecoveryOutcome {
  completed: number;
  /** Refused by the gateway (nothing paid out): closed as failed, their units free to refund again. */
  refused: string[];
  /** Still pending after an error (the gateway unreachable...): tried again on the next run. */
  failed: { id: string; error: unknown }[];
}

/**
 * The recovery task: finishes refunds left pending for longer than PENDING_REFUND_GRACE_MS before
 * `now` (their request crashed, or failed after the gateway), paying each out again with its key (the
 * gateway answers a refund it made with that refund) and recording it once.
 */
export async function resumePendingRefunds(
  ctx: RefundContext,
  now = new Date(),
  signal?: AbortSignal,
): Promise<RecoveryOutcome> {
  const outcome: RecoveryOutcome = { completed: 0, refused: [], failed: [] };
  const cutoff = new Date(now.getTime() - PENDING_REFUND_GRACE_MS);
  for (const row of await stalePendingRefunds(ctx.db, cutoff, RECOVERY_BATCH)) {
    if (signal?.aborted) break;
    try {
      if (await settleRefund(ctx, row)) outcome.completed += 1;
    } catch (error) {
      if (error instanceof RefundRefusedError) outcome.refused.push(row.id);
      else outcome.failed.push({ id: row.id, error });
    }
  }
  return outcome;
}

/**
 * Pays the recorded refund out, then records it (its mail queued in that transaction) and announces
 * it after the commit: answers the order after it, or undefined if another attempt recorded it.
 */
export async function settleRefund(ctx: RefundContext, row: RefundRow): Promise<Order | undefined> {
  await payOut(ctx, row);
  const completed = await completeRefund(ctx, row);
  return completed?.announce();
}

/**
 * The order as the admin's request answers it: after its refund, or, when another attempt recorded
 * the same refund first (two identical requests at once), a 409 as when it was refunded meanwhile.
 */
function answerOf(refunded: Order | undefined): Order {
  if (!refunded) throw new HttpError(409, "This order was refunded meanwhile. Please reload it.");
  return refunded;
}

/** The refund's units, as its row keeps them. */
function unitsOf(chosen: readonly LineRefund[]) {
  return chosen.map(({ line, quantity }) => ({ position: line.position, quantity }));
}

/**
 * What the units give back, tax included at the order's own rate, counted after the units refunded
 * or taken by pending refunds: a line refunded in parts gives back exactly its gross (decision 0041).
 */
function grossOf(order: OrderRow, chosen: readonly LineRefund[], taken = new Map<number, number>()) {
  const rule = { ratePercent: order.taxRatePercent, pricesIncludeTax: order.pricesIncludeTax };
  return chosen.reduce((sum, { line, quantity }) => {
    const already = line.refundedQuantity + (taken.get(line.position) ?? 0);
    return sum + taxOfUnits(line.unitPriceCents, already, quantity, rule).grossMinor;
  }, 0);
}

/** The shipping's gross at the order's own rate (decision 0067); 0 for an order without shipping. */
function shippingGrossOf(order: OrderRow): number {
  if (order.shippingName === null) return 0;
  const rule = { ratePercent: order.taxRatePercent, pricesIncludeTax: order.pricesIncludeTax };
  return taxOfUnits(order.shippingCents, 0, 1, rule).grossMinor;
}

/**
 * The order's lines the body names, with how many units of each; refuses (409), naming them, a tool
 * that is not in the order and more units than are left to refund.
 */
function chooseLines(
  lines: readonly OrderLineRow[],
  body: RefundLinesBody,
  taken: ReadonlyMap<number, number>,
): LineRefund[] {
  const problems: string[] = [];
  const chosen: LineRefund[] = [];
  for (const wanted of body.lines) {
    const line = lines.find((each) => each.toolId === wanted.toolId);
    if (!line) {
      problems.push(`the tool ${wanted.toolId} is not in this order`);
      continue;
    }
    const pending = taken.get(line.position) ?? 0;
    const left = line.quantity - line.refundedQuantity - pending;
    if (wanted.quantity > left) {
      problems.push(
        left > 0
          ? `only ${left} units of ${line.name} are left to refund`
          : pending > 0
            ? `a refund of ${line.name} is under way`
            : `${line.name} is already refunded`,
      );
      continue;
    }
    chosen.push({ line, quantity: wanted.quantity });
  }
  if (problems.length > 0) throw new HttpError(409, `Nothing was refunded: ${problems.join("; ")}.`);
  return chosen;
}

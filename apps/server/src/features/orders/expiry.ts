// Reservation expiry (issues 11 and 47, decisions 0007 and 0034): an unpaid order holds its stock for
// UNPAID_ORDER_HOLD_MINUTES, then it is cancelled and the stock goes back, whether or not its payment
// was started. The check runs as a periodic job, once a period across processes (decision 0052); the
// database still decides who cancels an order: each goes through the order process's guarded update
// (WHERE status = 'unpaid'), which a second update waits for and then no longer matches, so only the
// claiming transaction releases the stock, mails the customer and publishes OrderCancelled.
import { orders } from "@toolshop/db/schema";
import { and, asc, eq, isNull, lt } from "drizzle-orm";
import type { OrdersContext } from "./context";
import { moveOrder } from "./order-process";
import { closePaymentBeforeCancel, refundAfterCancel } from "./payment";
import type { OrderRow } from "./row-types";

/** What the expiry needs: the gateway too, to cancel a payment that was started. */
export type ExpiryContext = Pick<
  OrdersContext,
  "db" | "currency" | "gateway" | "unpaidOrderHoldMinutes" | "events" | "invoicing" | "mails"
>;

/** How often each process looks for expired reservations. */
export const EXPIRY_CHECK_INTERVAL_MS = 60 * 1000;
/** Expired orders read at a time: a backlog (a shop that was down) is worked through batch by batch. */
const EXPIRY_BATCH = 500;

/**
 * Cancels every unpaid order older than the hold and releases its stock, then publishes OrderCancelled
 * (reason expiry) for each; answers the orders this call cancelled (none that another process
 * cancelled). An order whose payment cannot be cancelled now (the gateway is down) is left for the next
 * pass, and the call then throws once the others are done, so that the periodic task logs it.
 */
export async function expireUnpaidOrders(
  ctx: ExpiryContext,
  now = new Date(),
  signal?: AbortSignal,
): Promise<OrderRow[]> {
  const cutoff = new Date(now.getTime() - ctx.unpaidOrderHoldMinutes * 60_000);
  const expired: OrderRow[] = [];
  const failures: unknown[] = [];
  for (;;) {
    const due = await ctx.db
      .select()
      .from(orders)
      .where(and(eq(orders.status, "unpaid"), lt(orders.createdAt, cutoff)))
      .orderBy(asc(orders.createdAt), asc(orders.id))
      .limit(EXPIRY_BATCH);
    for (const order of due) {
      try {
        const cancelled = await expireOrder(ctx, order, cutoff);
        if (cancelled) expired.push(cancelled);
      } catch (error) {
        failures.push(error);
      }
    }
    // The orders of a batch are no longer unpaid, so the next read finds the next ones; after a
    // failure it would find the same order again, which waits for the next pass instead.
    if (due.length < EXPIRY_BATCH || failures.length > 0 || signal?.aborted) break;
  }
  if (failures.length > 0) {
    throw new AggregateError(failures, `${failures.length} expired orders stay for the next pass`);
  }
  return expired;
}

/**
 * Ends one order's hold. A started payment is closed at the gateway first (closePaymentBeforeCancel);
 * if it has just paid the order, the payment won the race and the order is paid instead. Then unpaid →
 * cancelled, unless a new payment was started meanwhile (the next pass cancels that one), and a
 * succeeded payment that does not pay the order is refunded.
 */
async function expireOrder(ctx: ExpiryContext, order: OrderRow, cutoff: Date): Promise<OrderRow | undefined> {
  const closed = await closePaymentBeforeCancel(ctx, order);
  if (closed.next === "refuse") return undefined;
  const paymentId = order.paymentIntentId;
  const cancelled = await moveOrder(ctx, {
    orderId: order.id,
    from: "unpaid",
    to: "cancelled",
    reason: "expiry",
    condition: and(
      lt(orders.createdAt, cutoff),
      paymentId ? eq(orders.paymentIntentId, paymentId) : isNull(orders.paymentIntentId),
    ),
  });
  await refundAfterCancel(ctx, closed);
  return cancelled?.row;
}

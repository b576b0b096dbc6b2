// Reservation expiry (issue 11): an unpaid order holds its stock for UNPAID_ORDER_HOLD_MINUTES, then it
// is cancelled and the stock goes back. Every process runs the check; the database decides which one
// cancels an order: the UPDATE ... WHERE status = 'unpaid' RETURNING claims each order exactly once,
// because a second process's UPDATE waits on the row lock and then no longer matches, and so only the
// claiming process publishes OrderCancelled (and mails the customer).
import { orderStatusHistory, orders } from "@toolshop/db/schema";
import { and, eq, isNull, lt } from "drizzle-orm";
import { type OrdersContext, publish } from "./context";
import { type OrderRow, toOrderResponse } from "./dto";
import { restoreStock } from "./lifecycle";

/** What the expiry needs: no gateway, since orders with a payment under way are left alone. */
export type ExpiryContext = Pick<OrdersContext, "db" | "currency" | "unpaidOrderHoldMinutes" | "events">;

/** How often each process looks for expired reservations. */
export const EXPIRY_CHECK_INTERVAL_MS = 60 * 1000;

/** When an unpaid order placed at `createdAt` stops holding its stock. */
export function reservationEndsAt(createdAt: Date, holdMinutes: number): Date {
  return new Date(createdAt.getTime() + holdMinutes * 60_000);
}

/**
 * Cancels every unpaid order older than the hold and releases its stock, in one transaction, then
 * publishes OrderCancelled (reason expiry) for each; answers the orders this call cancelled (none that
 * another process cancelled). An order with a payment under way is left alone: the customer may be
 * confirming it right now, and the gateway's answer decides.
 */
export async function expireUnpaidOrders(ctx: ExpiryContext, now = new Date()): Promise<OrderRow[]> {
  const cutoff = new Date(now.getTime() - ctx.unpaidOrderHoldMinutes * 60_000);
  const expired = await ctx.db.transaction(async (tx) => {
    const expired = await tx
      .update(orders)
      .set({ status: "cancelled", cancelReason: "expiry" })
      .where(and(eq(orders.status, "unpaid"), lt(orders.createdAt, cutoff), isNull(orders.paymentIntentId)))
      .returning();
    if (expired.length === 0) return expired;
    await tx
      .insert(orderStatusHistory)
      .values(expired.map((row) => ({ orderId: row.id, status: "cancelled" as const })));
    for (const row of expired) await restoreStock(tx, row);
    return expired;
  });
  for (const row of expired) {
    await publish(ctx, { type: "OrderCancelled", order: toOrderResponse(row, ctx), reason: "expiry" });
  }
  return expired;
}

// Reservation expiry (issue 11): an unpaid order holds its stock for UNPAID_ORDER_HOLD_MINUTES, then it
// is cancelled and the stock goes back. Every process runs the check; the database decides which one
// cancels an order: the UPDATE ... WHERE status = 'unpaid' RETURNING claims each order exactly once,
// because a second process's UPDATE waits on the row lock and then no longer matches.
import type { Database } from "@toolshop/db/client";
import { orderStatusHistory, orders } from "@toolshop/db/schema";
import { and, eq, isNull, lt } from "drizzle-orm";
import type { OrderRow } from "./dto";
import { restoreStock } from "./lifecycle";

/** How often each process looks for expired reservations. */
export const EXPIRY_CHECK_INTERVAL_MS = 60 * 1000;

/** When an unpaid order placed at `createdAt` stops holding its stock. */
export function reservationEndsAt(createdAt: Date, holdMinutes: number): Date {
  return new Date(createdAt.getTime() + holdMinutes * 60_000);
}

/**
 * Cancels every unpaid order older than `holdMinutes` and releases its stock, in one transaction; answers
 * the orders this call cancelled (none that another process cancelled). An order with a payment under
 * way is left alone: the customer may be confirming it right now, and the gateway's answer decides.
 */
export async function expireUnpaidOrders(
  db: Database,
  holdMinutes: number,
  now = new Date(),
): Promise<OrderRow[]> {
  const cutoff = new Date(now.getTime() - holdMinutes * 60_000);
  return db.transaction(async (tx) => {
    const expired = await tx
      .update(orders)
      .set({ status: "cancelled" })
      .where(and(eq(orders.status, "unpaid"), lt(orders.createdAt, cutoff), isNull(orders.paymentIntentId)))
      .returning();
    if (expired.length === 0) return expired;
    await tx
      .insert(orderStatusHistory)
      .values(expired.map((row) => ({ orderId: row.id, status: "cancelled" as const })));
    for (const row of expired) await restoreStock(tx, row);
    return expired;
  });
}

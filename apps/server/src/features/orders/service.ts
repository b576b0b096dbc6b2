import { orders, users } from "@toolshop/db/schema";
import { isDeletable } from "@toolshop/shared/order-lifecycle";
import { ORDERS_PAGE_SIZE, type Order, type OrdersPageQuery } from "@toolshop/shared/orders";
import { and, eq, isNull, sql } from "drizzle-orm";
import { HttpError } from "../../lib/http-errors";
import { type Actor, assertMayAccess, findAccessibleOrder, findOrder, type OrdersContext } from "./context";
import { orderResponse, toOrderResponses } from "./dto";
import { enterState } from "./order-process";
import { type OrdersFilter, pageOfOrders } from "./paging";
import { closePaymentBeforeCancel, refundAfterCancel } from "./payment";

const PAID_ORDER_CANNOT_BE_DELETED = "A paid order cannot be deleted.";
/** A cancelled order whose payment came all the same and was refunded: it keeps that refund's record. */
export const KEPT_WITH_ITS_REFUND =
  "This order was cancelled and its payment refunded, so it stays in your orders.";

/**
 * The orders of the customer with this email. A scalar subquery (emails are unique), not IN: the
 * planner then reads orders_user_created_idx backwards, in order.
 */
const customersOrders = (email: string): OrdersFilter => ({
  shape: "customer",
  where: (bind) =>
    sql`${orders.userId} = (select ${users.id} from ${users} where ${users.email} = ${bind("email")})`,
  values: { email: email.trim().toLowerCase() },
});

/**
 * GET /orders/:email: one page of that customer's orders, newest first (orders_user_created_idx).
 * The email is matched as the users table stores it: lower-case.
 */
export async function listOrdersFor(
  ctx: OrdersContext,
  email: string,
  page: OrdersPageQuery = {},
): Promise<{ orders: Order[]; nextCursor: string | null }> {
  const { rows, nextCursor } = await pageOfOrders(ctx.db, customersOrders(email), {
    cursor: page.cursor,
    limit: page.limit ?? ORDERS_PAGE_SIZE,
  });
  return { orders: await toOrderResponses(ctx.db, rows, ctx), nextCursor };
}

/** GET /payment/:id: the order its owner is about to pay. */
export async function getOrderForPayment(ctx: OrdersContext, actor: Actor, orderId: string): Promise<Order> {
  return orderResponse(ctx.db, await findAccessibleOrder(ctx, actor, orderId, { adminToo: false }), ctx);
}

/**
 * DELETE /orders/:id (owner or admin): deletes an unpaid order, or a cancelled one. An order that took
 * a payment (paid, shipped, delivered, refunded: the lifecycle table's isDeletable, which My orders
 * reads too) stays (409); an order that does not exist answers deletedCount 0.
 * Deleting an unpaid order is its cancellation, by its customer or by an admin: its started payment is
 * closed first (closePaymentBeforeCancel), then in one transaction it goes through the order process's
 * unpaid -> cancelled (its history line, its stock back, its mail, OrderCancelled after the commit),
 * and then its row goes. A payment that succeeded without paying it (another amount or currency) is
 * refunded, and the order, cancelled, stays as that refund's record (409).
 */
export async function deleteOrder(
  ctx: OrdersContext,
  actor: Actor,
  orderId: string,
): Promise<{ deletedCount: number }> {
  const order = await findOrder(ctx.db, orderId);
  if (!order) return { deletedCount: 0 };
  await assertMayAccess(ctx, actor, order, { adminToo: true });
  if (!isDeletable(order.status)) {
    throw new HttpError(409, PAID_ORDER_CANNOT_BE_DELETED);
  }
  // Closed first, so that nobody pays for an order that is gone; it may have just succeeded.
  const closed = await closePaymentBeforeCancel(ctx, order);
  if (closed.next === "refuse") {
    throw new HttpError(409, closed.refunded ? KEPT_WITH_ITS_REFUND : PAID_ORDER_CANNOT_BE_DELETED);
  }
  const keep = closed.next === "cancel-and-refund";

  const samePayment = order.paymentIntentId
    ? eq(orders.paymentIntentId, order.paymentIntentId)
    : isNull(orders.paymentIntentId);
  const deleted = await ctx.db.transaction(async (tx) => {
    if (order.status === "cancelled") {
      // Cancelled before, when its stock went back: only its row goes.
      const [row] = await tx
        .delete(orders)
        .where(and(eq(orders.id, order.id), eq(orders.status, "cancelled"), samePayment))
        .returning({ id: orders.id });
      return row && { cancelled: undefined };
    }
    const cancelled = await enterState(ctx, tx, {
      orderId: order.id,
      from: "unpaid",
      to: "cancelled",
      reason: order.userId === actor.id ? "customer" : "admin",
      removing: !keep,
      condition: samePayment,
    });
    if (!cancelled) return undefined;
    // Its lines and history go with it (ON DELETE CASCADE).
    if (!keep) await tx.delete(orders).where(eq(orders.id, order.id));
    return { cancelled };
  });
  await deleted?.cancelled?.announce();
  await refundAfterCancel(ctx, closed);
  if (deleted) {
    if (keep) throw new HttpError(409, KEPT_WITH_ITS_REFUND);
    return { deletedCount: 1 };
  }

  // The order changed since it was read: deleted, paid, or a payment was started meanwhile.
  const current = await findOrder(ctx.db, order.id);
  if (!current) return { deletedCount: 0 };
  if (current.status !== "unpaid") throw new HttpError(409, PAID_ORDER_CANNOT_BE_DELETED);
  throw new HttpError(409, "This order is being paid right now. Please try again in a moment.");
}

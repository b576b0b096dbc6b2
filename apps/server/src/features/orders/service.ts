import { orders, users } from "@toolshop/db/schema";
import { isDeletable } from "@toolshop/shared/order-lifecycle";
import { ORDERS_PAGE_SIZE, type Order, type OrdersPageQuery } from "@toolshop/shared/orders";
import { and, eq, isNull, sql } from "drizzle-orm";
import { HttpError } from "../../lib/http-errors";
import {
  type Actor,
  assertMayAccess,
  enqueueOrderMail,
  findAccessibleOrder,
  findOrder,
  type OrdersContext,
  publish,
} from "./context";
import { linesOfOrders, orderResponse, toOrderResponse, toOrderResponses } from "./dto";
import { type OrdersFilter, pageOfOrders } from "./paging";
import { recordSucceededPayment } from "./payment";
import { putStockBack } from "./stock";

const PAID_ORDER_CANNOT_BE_DELETED = "A paid order cannot be deleted.";

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
 * DELETE /orders/:id (owner or admin): deletes an unpaid order and puts its stock back, in one
 * transaction, or a cancelled one. An order that took a payment (paid, shipped, delivered, refunded:
 * the lifecycle table's isDeletable, which My orders reads too) stays (409); an order that does not
 * exist answers deletedCount 0.
 * Deleting an unpaid order is its cancellation: OrderCancelled, by its customer or by an admin.
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
  if (order.paymentIntentId) {
    // Close the payment first, so that nobody pays for an order that is gone; it may have just succeeded.
    const intent = await ctx.gateway.cancel(order.paymentIntentId);
    if (intent?.status === "succeeded" && (await recordSucceededPayment(ctx, intent)) !== "mismatch") {
      throw new HttpError(409, PAID_ORDER_CANNOT_BE_DELETED);
    }
  }

  const deleted = await ctx.db.transaction(async (tx) => {
    // Read before the delete, which takes them with the order (ON DELETE CASCADE).
    const lines = (await linesOfOrders(tx, [order.id])).get(order.id) ?? [];
    const [row] = await tx
      .delete(orders)
      .where(
        and(
          eq(orders.id, order.id),
          eq(orders.status, order.status),
          order.paymentIntentId
            ? eq(orders.paymentIntentId, order.paymentIntentId)
            : isNull(orders.paymentIntentId),
        ),
      )
      .returning();
    // A cancelled order gave its stock back when it was cancelled.
    if (row?.status !== "unpaid") return row && { cancelled: undefined };
    await putStockBack(tx, lines);
    // The row is gone: the mail's job carries the order as it was.
    const cancelled = toOrderResponse({ ...row, status: "cancelled" }, lines, ctx);
    const reason = row.userId === actor.id ? "customer" : "admin";
    await enqueueOrderMail(ctx, tx, { mail: "cancelled", orderId: row.id, reason, deleted: cancelled });
    return { cancelled: { order: cancelled, reason } as const };
  });
  if (deleted) {
    if (deleted.cancelled) await publish(ctx, { type: "OrderCancelled", ...deleted.cancelled });
    return { deletedCount: 1 };
  }

  // The order changed since it was read: deleted, paid, or a payment was started meanwhile.
  const current = await findOrder(ctx.db, order.id);
  if (!current) return { deletedCount: 0 };
  if (current.status !== "unpaid") throw new HttpError(409, PAID_ORDER_CANNOT_BE_DELETED);
  throw new HttpError(409, "This order is being paid right now. Please try again in a moment.");
}

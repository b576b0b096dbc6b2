import type { Database } from "@toolshop/db/client";
import { orders } from "@toolshop/db/schema";
import type { AdminOrdersQuery, ShipOrderBody } from "@toolshop/shared/admin-orders";
import type { Order } from "@toolshop/shared/orders";
import { desc, eq, ne } from "drizzle-orm";
import { HttpError } from "../../lib/http-errors";
import { NOT_REFUNDABLE } from "../payments/gateway";
import { findOrder, type OrdersContext, publish } from "./context";
import { type OrderView, toOrderResponse } from "./dto";
import { assertTransition, runTransition } from "./lifecycle";
import { recordSucceededPayment } from "./payment";

/** GET /orders (admin): every order, newest first, or those of one status. */
export async function listAllOrders(
  db: Database,
  view: OrderView,
  query: AdminOrdersQuery,
): Promise<Order[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(query.status ? eq(orders.status, query.status) : ne(orders.status, "cancelled"))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  return rows.map((row) => toOrderResponse(row, view));
}

/** POST /orders/:id/ship (admin): a paid order leaves with a carrier and a tracking number. */
export async function shipOrder(ctx: OrdersContext, orderId: string, body: ShipOrderBody): Promise<Order> {
  const order = toOrderResponse(await runTransition(ctx.db, orderId, "shipped", body), ctx);
  const { carrier, trackingNumber } = body;
  await publish(ctx, { type: "OrderShipped", order, carrier, trackingNumber });
  return order;
}

/** POST /orders/:id/deliver (admin): a shipped order arrived. */
export async function deliverOrder(ctx: OrdersContext, orderId: string): Promise<Order> {
  const order = toOrderResponse(await runTransition(ctx.db, orderId, "delivered"), ctx);
  await publish(ctx, { type: "OrderDelivered", order });
  return order;
}

/**
 * POST /orders/:id/cancel (admin): an unpaid order is cancelled and its stock released. An open payment
 * is closed first, so that nobody pays for a cancelled order; if it had just succeeded, the order is
 * recorded as paid and the cancellation refused (409).
 */
export async function cancelOrder(ctx: OrdersContext, orderId: string): Promise<Order> {
  const order = await findOrder(ctx.db, orderId);
  if (!order) throw new HttpError(404, "There is no order with this id.");
  if (order.status === "unpaid" && order.paymentIntentId) {
    const intent = await ctx.gateway.cancel(order.paymentIntentId);
    if (intent?.status === "succeeded") await recordSucceededPayment(ctx, intent);
  }
  const cancelled = toOrderResponse(
    await runTransition(ctx.db, orderId, "cancelled", { cancelReason: "admin" }),
    ctx,
  );
  await publish(ctx, { type: "OrderCancelled", order: cancelled, reason: "admin" });
  return cancelled;
}

/**
 * POST /orders/:id/refund (admin): the gateway refunds the payment in full, then the order becomes
 * refunded and its stock goes back. The gateway's idempotency key (one per order) makes a retry after a
 * failed update refund once.
 */
export async function refundOrder(ctx: OrdersContext, orderId: string): Promise<Order> {
  const order = await findOrder(ctx.db, orderId);
  if (!order) throw new HttpError(404, "There is no order with this id.");
  assertTransition(order.status, "refunded");
  if (!order.paymentIntentId) throw new HttpError(409, NOT_REFUNDABLE);
  await ctx.gateway.refund(order.paymentIntentId, `refund-order-${order.id}`);
  const refunded = toOrderResponse(await runTransition(ctx.db, orderId, "refunded"), ctx);
  await publish(ctx, { type: "OrderRefunded", order: refunded, paymentId: order.paymentIntentId });
  return refunded;
}

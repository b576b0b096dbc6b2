// The order page (issue 11): one order with its receipt number and status history.
import { orderStatusHistory } from "@toolshop/db/schema";
import type { OrderDetail } from "@toolshop/shared/order-detail";
import type { OrderStatus } from "@toolshop/shared/orders";
import { asc, eq } from "drizzle-orm";
import { trackingLink } from "./carriers";
import { type Actor, findAccessibleOrder, type OrdersContext } from "./context";
import { orderResponse } from "./dto";

/**
 * Where each status comes in an order's life. Changes made in one transaction share its timestamp
 * (now() is the transaction's start), so equal times are told apart by this rank.
 */
const LIFECYCLE_RANK: Record<OrderStatus, number> = {
  unpaid: 0,
  paid: 1,
  cancelled: 1,
  shipped: 2,
  refunded: 2,
  delivered: 3,
};

/**
 * GET /orders/:id/detail: the order (404), for its owner or an admin (403), with its history oldest
 * first and, once shipped with a carrier we know, the link to the carrier's tracking page.
 */
export async function getOrderDetail(
  ctx: OrdersContext,
  actor: Actor,
  orderId: string,
): Promise<OrderDetail> {
  const row = await findAccessibleOrder(ctx, actor, orderId, { adminToo: true });
  const changes = await ctx.db
    .select({ status: orderStatusHistory.status, at: orderStatusHistory.at })
    .from(orderStatusHistory)
    .where(eq(orderStatusHistory.orderId, row.id))
    .orderBy(asc(orderStatusHistory.at));
  const history = changes
    .toSorted(
      (a, b) => a.at.getTime() - b.at.getTime() || LIFECYCLE_RANK[a.status] - LIFECYCLE_RANK[b.status],
    )
    .map((change) => ({ status: change.status, at: change.at.toISOString() }));
  const tracking =
    row.carrier && row.trackingNumber ? trackingLink(row.carrier, row.trackingNumber) : undefined;
  return {
    ...(await orderResponse(ctx.db, row, ctx)),
    history,
    carrier: row.carrier,
    trackingNumber: row.trackingNumber,
    trackingUrl: tracking?.url ?? null,
  };
}

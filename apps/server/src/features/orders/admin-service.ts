import type { Database } from "@toolshop/db/client";
import { orders } from "@toolshop/db/schema";
import {
  type AdminOrdersQuery,
  CANCELLED_ORDER_CANNOT_SHIP,
  ORDER_NOT_PAID_CANNOT_SHIP,
} from "@toolshop/shared/admin-orders";
import type { Order } from "@toolshop/shared/orders";
import { and, desc, eq, ne } from "drizzle-orm";
import { HttpError } from "../../lib/http-errors";
import { findOrder } from "./context";
import { toOrderResponse } from "./dto";

/** GET /orders (admin): every order, newest first, or those of one status. */
export async function listAllOrders(
  db: Database,
  currency: string,
  query: AdminOrdersQuery,
): Promise<Order[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(query.status ? eq(orders.status, query.status) : ne(orders.status, "cancelled"))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  return rows.map((row) => toOrderResponse(row, currency));
}

/**
 * POST /orders/:id/ship (admin): a paid order becomes shipped, in one conditional update so that it
 * can never ship unpaid, however the calls interleave. Shipping a shipped order again answers it as it is.
 */
export async function shipOrder(db: Database, currency: string, orderId: string): Promise<Order> {
  const [shipped] = await db
    .update(orders)
    .set({ status: "shipped" })
    .where(and(eq(orders.id, orderId), eq(orders.status, "paid")))
    .returning();
  if (shipped) return toOrderResponse(shipped, currency);

  const current = await findOrder(db, orderId);
  if (!current) throw new HttpError(404, "There is no order with this id.");
  if (current.status === "shipped") return toOrderResponse(current, currency);
  if (current.status === "cancelled") throw new HttpError(409, CANCELLED_ORDER_CANNOT_SHIP);
  throw new HttpError(409, ORDER_NOT_PAID_CANNOT_SHIP);
}

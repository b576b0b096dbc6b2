import { orders } from "@toolshop/db/schema";
import type { Order } from "@toolshop/shared/orders";
import { minorToAmount } from "../../lib/money";
import { reservationEndsAt } from "./expiry";

export type OrderRow = typeof orders.$inferSelect;

/**
 * The columns an order's API view reads: lists select these, not the whole row. The place_orders
 * function (migration 0018) answers exactly these: a change here needs a migration replacing it.
 */
export const orderViewColumns = {
  id: orders.id,
  toolId: orders.toolId,
  name: orders.name,
  address: orders.address,
  phone: orders.phone,
  email: orders.email,
  image: orders.image,
  totalCents: orders.totalCents,
  unitPriceCents: orders.unitPriceCents,
  quantity: orders.quantity,
  status: orders.status,
  transactionId: orders.transactionId,
  createdAt: orders.createdAt,
  cancelReason: orders.cancelReason,
};
export type OrderViewRow = Pick<OrderRow, keyof typeof orderViewColumns>;

/** What an order's API view needs beside its row (OrdersContext and app.config both have these). */
export interface OrderView {
  /** Lower-case ISO 4217 code; prices are stored in its minor units. */
  currency: string;
  /** How long an unpaid order holds its stock (UNPAID_ORDER_HOLD_MINUTES). */
  unpaidOrderHoldMinutes: number;
}

/** A database row as the API shows it: the spec's field names, `_id`, money in currency units. */
export function toOrderResponse(row: OrderViewRow, view: OrderView): Order {
  const { currency } = view;
  return {
    _id: row.id,
    toolId: row.toolId,
    name: row.name,
    address: row.address,
    phone: row.phone,
    email: row.email,
    image: row.image,
    price: minorToAmount(row.totalCents, currency),
    unitPrice: minorToAmount(row.unitPriceCents, currency),
    quantity: row.quantity,
    // A shipped or delivered order has been paid too (a refunded one no longer is).
    paid: row.status === "paid" || row.status === "shipped" || row.status === "delivered",
    status: row.status,
    transactionId: row.transactionId,
    createdAt: row.createdAt.toISOString(),
    // Computed, not stored: the same rule expiry.ts applies, so the screen and the expiry agree.
    holdsUntil:
      row.status === "unpaid"
        ? reservationEndsAt(row.createdAt, view.unpaidOrderHoldMinutes).toISOString()
        : null,
    cancelReason: row.status === "cancelled" ? (row.cancelReason ?? null) : null,
  };
}

import type { orders } from "@toolshop/db/schema";
import type { Order } from "@toolshop/shared/orders";
import { minorToAmount } from "../../lib/money";

export type OrderRow = typeof orders.$inferSelect;

/** A database row as the API shows it: the spec's field names, `_id`, money in currency units. */
export function toOrderResponse(row: OrderRow, currency: string): Order {
  return {
    _id: row.id,
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
  };
}

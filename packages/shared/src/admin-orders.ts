import { z } from "zod";

// Manage Orders (admin): every order, newest first, filtered by status; a paid order can be shipped.

/** The statuses Manage Orders filters by (a cancelled order is no longer the shop's work). */
export const MANAGED_ORDER_STATUSES = ["unpaid", "paid", "shipped"] as const;
export type ManagedOrderStatus = (typeof MANAGED_ORDER_STATUSES)[number];

/** GET /api/orders?status=paid (admin); without a status, every order. */
export const adminOrdersQuerySchema = z.object({
  status: z
    .enum(MANAGED_ORDER_STATUSES, { error: "The status must be one of unpaid, paid or shipped" })
    .optional(),
});
export type AdminOrdersQuery = z.infer<typeof adminOrdersQuerySchema>;

export const ORDER_NOT_PAID_CANNOT_SHIP = "This order has not been paid yet, so it cannot be shipped.";
export const CANCELLED_ORDER_CANNOT_SHIP = "This order was cancelled, so it cannot be shipped.";

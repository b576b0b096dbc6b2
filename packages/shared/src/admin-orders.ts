import { z } from "zod";
import { oneLine } from "./text";

// Manage Orders (admin): every order, newest first, filtered by status; an admin cancels, ships, delivers.

/** The statuses Manage Orders filters by; without a filter, cancelled orders are left out. */
export const MANAGED_ORDER_STATUSES = [
  "unpaid",
  "paid",
  "shipped",
  "delivered",
  "refunded",
  "cancelled",
] as const;
export type ManagedOrderStatus = (typeof MANAGED_ORDER_STATUSES)[number];

/** GET /api/orders?status=paid (admin); without a status, every order. */
export const adminOrdersQuerySchema = z.object({
  status: z
    .enum(MANAGED_ORDER_STATUSES, {
      error: "The status must be one of unpaid, paid, shipped, delivered, refunded or cancelled",
    })
    .optional(),
});
export type AdminOrdersQuery = z.infer<typeof adminOrdersQuerySchema>;

export const ORDER_NOT_PAID_CANNOT_SHIP = "This order has not been paid yet, so it cannot be shipped.";
export const CANCELLED_ORDER_CANNOT_SHIP = "This order was cancelled, so it cannot be shipped.";

export const CARRIER_MAX_LENGTH = 60;
export const TRACKING_NUMBER_MAX_LENGTH = 60;
export const CARRIER_REQUIRED = "Carrier is required";
export const TRACKING_NUMBER_REQUIRED = "Tracking number is required";

/** POST /api/orders/:id/ship (admin): who carries the parcel and its tracking number, both required. */
export const shipOrderBodySchema = z.object({
  carrier: oneLine(
    z
      .string({ error: CARRIER_REQUIRED })
      .trim()
      .min(1, { error: CARRIER_REQUIRED, abort: true })
      .max(CARRIER_MAX_LENGTH, `The carrier must be at most ${CARRIER_MAX_LENGTH} characters`),
    "The carrier",
  ),
  trackingNumber: oneLine(
    z
      .string({ error: TRACKING_NUMBER_REQUIRED })
      .trim()
      .min(1, { error: TRACKING_NUMBER_REQUIRED, abort: true })
      .max(
        TRACKING_NUMBER_MAX_LENGTH,
        `The tracking number must be at most ${TRACKING_NUMBER_MAX_LENGTH} characters`,
      ),
    "The tracking number",
  ),
});
export type ShipOrderBody = z.infer<typeof shipOrderBodySchema>;

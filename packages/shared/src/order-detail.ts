// The order page and its receipt (issue 11): GET /api/orders/:id/detail.
import { z } from "zod";
import { orderSchema, orderStatusSchema } from "./orders";

/** One status the order entered, and when (ISO 8601). */
export const orderStatusChangeSchema = z.object({
  status: orderStatusSchema,
  at: z.string(),
});

/** An order with what its page and receipt show beside the list's fields. */
export const orderDetailSchema = orderSchema.extend({
  /** Oldest first. */
  history: z.array(orderStatusChangeSchema),
  /** Set once shipped. */
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  /**
   * The carrier's public tracking page for this parcel, when the shop knows the carrier; null otherwise.
   * https only: the page links to it, so nothing else may pass the answer's check.
   */
  trackingUrl: z.url({ protocol: /^https$/, error: "The tracking URL must be an https address" }).nullable(),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

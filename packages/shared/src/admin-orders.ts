import { z } from "zod";
import { ordersPageQueryFields } from "./orders";
import { EMAIL_MAX_LENGTH, oneLine } from "./text";

// Manage Orders (admin): every order, newest first, in pages, filtered by status, date and a search;
// an admin cancels, ships, delivers.

/** The statuses Manage Orders filters by; without a filter, every order (cancelled ones too). */
export const MANAGED_ORDER_STATUSES = [
  "unpaid",
  "paid",
  "shipped",
  "delivered",
  "refunded",
  "cancelled",
] as const;
export type ManagedOrderStatus = (typeof MANAGED_ORDER_STATUSES)[number];

/** Orders per page of Manage Orders when the client does not say. */
export const ADMIN_ORDERS_PAGE_SIZE = 25;
/**
 * The first page of GET /api/orders carries the number of matching orders in this header, and "true"
 * in TOTAL_ESTIMATED_HEADER when it is the planner's estimate rather than an exact count.
 */
export const TOTAL_COUNT_HEADER = "x-total-count";
export const TOTAL_ESTIMATED_HEADER = "x-total-estimated";

export const ORDER_SEARCH_MAX_LENGTH = EMAIL_MAX_LENGTH;
/** Order numbers are a bigint sequence; 15 digits keep them exact in a JavaScript number. */
export const ORDER_NUMBER_MAX_DIGITS = 15;
export const DATE_RANGE_REVERSED = "The start date must be on or before the end date";

/** A receipt number as people type it: "TS-000123", "ts-123", "TS 123", "#123" or "123". */
const ORDER_NUMBER_PATTERN = /^(?:ts)?[\s-]*#?\s*(\d+)$/i;

/**
 * The order number a search means, or null when the search is an email prefix. A search of digits
 * only is an order number (the receipt's), not the start of an email.
 */
export function parseOrderNumber(search: string): number | null {
  const digits = ORDER_NUMBER_PATTERN.exec(search.trim())?.[1];
  if (digits === undefined) return null;
  const significant = digits.replace(/^0+(?=\d)/, "");
  return significant.length > ORDER_NUMBER_MAX_DIGITS ? Number.NaN : Number(significant);
}

/** Dates the database takes as timestamps, the day after included: no year 0 or 10000 (a 500 there). */
export const dateField = (label: string) =>
  z.iso
    .date({ error: `${label} must be a date like 2026-11-23`, abort: true })
    .refine((date) => date >= "1970-01-01" && date < "9999-12-31", `${label} must be between 1970 and 9999`)
    .describe(`${label} (a UTC day, inclusive)`);

/**
 * GET /api/orders?status=&q=&from=&to=&cursor=&limit= (admin), newest first. Without a status, every
 * order, cancelled ones too; q is an order number or the start of a customer's email.
 */
export const adminOrdersQuerySchema = z
  .object({
    status: z
      .enum(MANAGED_ORDER_STATUSES, {
        error: "The status must be one of unpaid, paid, shipped, delivered, refunded or cancelled",
      })
      .optional(),
    q: oneLine(
      z
        .string()
        .trim()
        .max(ORDER_SEARCH_MAX_LENGTH, `The search must be at most ${ORDER_SEARCH_MAX_LENGTH} characters`),
      "The search",
    )
      .refine(
        (search) => !Number.isNaN(parseOrderNumber(search)),
        `An order number has at most ${ORDER_NUMBER_MAX_DIGITS} digits`,
      )
      .optional()
      .describe("An order number (TS-000123, ts-123, 123) or the start of a customer's email"),
    from: dateField("The start date").optional(),
    to: dateField("The end date").optional(),
    ...ordersPageQueryFields,
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    error: DATE_RANGE_REVERSED,
    path: ["to"],
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

import { z } from "zod";
import { pageQueryFields } from "./paging";
import { oneLine } from "./text";

// SPEC.md section 5 (checkout). The rule messages are the spec's own, typos included.
export const ADDRESS_REQUIRED = "address is required";
export const PHONE_REQUIRED = "Phone is required";
export const PHONE_NOT_A_NUMBER = "Phone must be a number";
export const QUANTITY_REQUIRED = "quantity is required";
export const QUANTITY_BELOW_MINIMUM = "please enter atleast minimum value";
export const QUANTITY_ABOVE_MAXIMUM = "please enter atleast maximum value";
export const QUANTITY_NOT_WHOLE = "Quantity must be a whole number";

const counts = new Intl.NumberFormat("en-US");

/**
 * Which bound a checkout quantity crossed, in words: the form shows it after the spec's "quantity is
 * required", which alone does not say whether to order more or fewer. Null for any other message.
 */
export function quantityBoundSentence(message: string | undefined, tool: QuantityBounds): string | null {
  if (message === QUANTITY_BELOW_MINIMUM) return `At least ${counts.format(tool.minQuantity)} per order.`;
  if (message === QUANTITY_ABOVE_MAXIMUM) return `Only ${counts.format(tool.availableQuantity)} in stock.`;
  return null;
}

/** Digits, optionally a leading + and spaces or dashes between the digits: "+1 555-0100". */
export const PHONE_PATTERN = /^\+?\d(?:[\d\s-]*\d)?$/;
export const ADDRESS_MAX_LENGTH = 500;
export const PHONE_MAX_LENGTH = 30;
/** No single order is larger; it keeps every quantity inside a database integer. */
export const MAX_ORDER_QUANTITY = 1_000_000;

const addressSchema = oneLine(
  z
    .string({ error: ADDRESS_REQUIRED })
    .trim()
    .min(1, { error: ADDRESS_REQUIRED, abort: true })
    .max(ADDRESS_MAX_LENGTH, {
      error: `The address must be at most ${ADDRESS_MAX_LENGTH} characters`,
      abort: true,
    }),
  "The address",
);

// The pattern's \s would let a line break between the digits: oneLine refuses it.
const phoneSchema = oneLine(
  z
    .string({ error: PHONE_REQUIRED })
    .trim()
    .min(1, { error: PHONE_REQUIRED, abort: true })
    .max(PHONE_MAX_LENGTH, {
      error: `The phone number must be at most ${PHONE_MAX_LENGTH} characters`,
      abort: true,
    }),
  "The phone number",
).regex(PHONE_PATTERN, PHONE_NOT_A_NUMBER);

/** Empty or non-numeric input (NaN from a number field) counts as missing. */
const quantityNumber = () =>
  z.number({ error: QUANTITY_REQUIRED }).int({ error: QUANTITY_NOT_WHOLE, abort: true });

export interface QuantityBounds {
  minQuantity: number;
  availableQuantity: number;
}

/**
 * The checkout form of /checkout/{id}: address, phone and quantity (the tool's name and the email are
 * shown read-only and are not part of the form). The quantity is bounded by the tool; the web displays
 * "quantity is required" for any quantity error, as the spec says, and for a crossed bound
 * quantityBoundSentence's words after it.
 */
export function checkoutFormSchema(tool: QuantityBounds) {
  return z.object({
    address: addressSchema,
    phone: phoneSchema,
    quantity: quantityNumber()
      .min(tool.minQuantity, QUANTITY_BELOW_MINIMUM)
      .max(tool.availableQuantity, QUANTITY_ABOVE_MAXIMUM),
  });
}
export type CheckoutForm = z.infer<ReturnType<typeof checkoutFormSchema>>;

/**
 * The body of POST /api/orders. Anything else a client sends (name, email, image, price) is stripped:
 * the server takes them from the tool and the token. The server checks the quantity against the tool's
 * minimum and stock in the same transaction that reserves it.
 */
export const createOrderBodySchema = z.object({
  toolId: z.uuid({ error: "The tool id must be a UUID" }),
  address: addressSchema,
  phone: phoneSchema,
  quantity: quantityNumber()
    .min(1, "Quantity must be at least 1")
    .max(MAX_ORDER_QUANTITY, `Quantity must be at most ${MAX_ORDER_QUANTITY}`),
});
export type CreateOrderBody = z.infer<typeof createOrderBodySchema>;

/** The Idempotency-Key header of POST /api/orders: any opaque string, e.g. a UUID per checkout. */
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;

export const orderStatusSchema = z.enum(["unpaid", "paid", "shipped", "delivered", "cancelled", "refunded"]);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

/** An order as the API shows it: the spec's field names, `_id`, money in currency units. */
export const orderSchema = z.object({
  _id: z.uuid(),
  /** The tool ordered, to order it again; null once the tool has left the catalogue. */
  toolId: z.uuid().nullable(),
  /** The tool's name when the order was placed. */
  name: z.string(),
  address: z.string(),
  phone: z.string(),
  email: z.string(),
  image: z.string(),
  /** The order's total: unitPrice × quantity. */
  price: z.number(),
  unitPrice: z.number(),
  quantity: z.number().int(),
  paid: z.boolean(),
  status: orderStatusSchema,
  /** The payment id (`pi_…`) once paid, otherwise null. */
  transactionId: z.string().nullable(),
  /** ISO 8601. */
  createdAt: z.string(),
  /**
   * ISO 8601: until when an unpaid order holds its stock (then it is cancelled); null for any other
   * status. A payment under way keeps the order a little longer, until the gateway answers.
   */
  holdsUntil: z.string().nullable(),
  /** Why a cancelled order was cancelled: "expiry" (its reservation ran out) or "admin"; else null. */
  cancelReason: z.enum(["admin", "expiry"]).nullable(),
});
export type Order = z.infer<typeof orderSchema>;

export const orderIdParamsSchema = z.object({
  id: z.uuid({ error: "The order id must be a UUID" }),
});

export const ordersByEmailParamsSchema = z.object({
  email: z.string().trim().min(1, "Email is required").max(254, "The email must be at most 254 characters"),
});

/** DELETE /api/orders/:id: 1 when the order was deleted, 0 when there was no such order. */
export const deleteOrderResponseSchema = z.object({ deletedCount: z.number().int() });
export type DeleteOrderResponse = z.infer<typeof deleteOrderResponseSchema>;

// Orders in pages (issue 13): keyset cursors, never OFFSET. GET /orders/:email keeps the spec's array
// as its body; the next page's cursor travels in the X-Next-Cursor header (NEXT_CURSOR_HEADER, users.ts).

/** Orders per page of My orders when the client does not say. */
export const ORDERS_PAGE_SIZE = 20;
export const ORDERS_PAGE_MAX = 100;
/** The paging fields, shared with list queries that add their own filters (Manage Orders). */
export const ordersPageQueryFields = pageQueryFields({
  cursorMaxLength: 200,
  maxLimit: ORDERS_PAGE_MAX,
  limitDescription: "Orders per page",
});

/** GET /orders/:email?cursor=&limit=: without them, the first page of ORDERS_PAGE_SIZE orders. */
export const ordersPageQuerySchema = z.object(ordersPageQueryFields);
export type OrdersPageQuery = z.infer<typeof ordersPageQuerySchema>;

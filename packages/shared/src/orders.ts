import { z } from "zod";
import { postalAddress } from "./address";
import { pageQueryFields } from "./paging";
import { countrySchema, orderShippingSchema, shippingChoiceSchema } from "./shipping";
import { checkLineTool, lineToolFields, lineToolKey } from "./sku";
import { oneLine } from "./text";

// docs/product.md section 5 (checkout). The rule messages are the spec's own, typos included.
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
export const PHONE_MAX_LENGTH = 30;
/** No single order is larger; it keeps every quantity inside a database integer. */
export const MAX_ORDER_QUANTITY = 1_000_000;

/** The delivery address: lines, as a postal address has them (address.ts). */
export const addressSchema = postalAddress("The address", ADDRESS_REQUIRED);

// The pattern's \s would let a line break between the digits: oneLine refuses it.
export const phoneSchema = oneLine(
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

/** The most lines one order holds (a cart of several tools). */
export const MAX_ORDER_LINES = 50;
export const ORDER_LINES_REQUIRED = "An order needs at least one line in its lines";
export const ORDER_LINES_TOO_MANY = `An order holds at most ${MAX_ORDER_LINES} lines`;
export const ORDER_LINES_REPEATED = "Each tool may appear only once in the lines of an order";
export const ORDER_SHAPES_MIXED = "Send either lines or toolId and quantity, not both";
export const FROM_CART_NEEDS_LINES = "fromCart goes with lines: the cart is placed as its lines";
const TOOL_ID_NOT_UUID = "The tool id must be a UUID";

const orderQuantity = () =>
  quantityNumber()
    .min(1, "Quantity must be at least 1")
    .max(MAX_ORDER_QUANTITY, `Quantity must be at most ${MAX_ORDER_QUANTITY}`);

/** One line of a several-line order: a tool, by its id or its SKU, and how many of it. */
export const orderLineInputSchema = z
  .object({ ...lineToolFields(z.uuid({ error: TOOL_ID_NOT_UUID })), quantity: orderQuantity() })
  .superRefine(checkLineTool);
/** A line as the order core places it: the server has turned a SKU into its tool's id. */
export interface OrderLineInput {
  toolId: string;
  quantity: number;
}

/**
 * The body of POST /api/orders, in one of two shapes: the spec's one line `{toolId, quantity, address,
 * phone}`, or a cart's `{lines: [{toolId, quantity}], address, phone}` (1 to MAX_ORDER_LINES lines, each
 * tool once). One object with a refinement rather than a union, so that a field's error is worded as
 * the field's own (a union would answer "Invalid input"); the OpenAPI document names both shapes.
 * Anything else a client sends (name, email, image, price) is stripped: the server takes them from the
 * tool and the token, and checks each quantity against the tool's minimum and stock in the same
 * transaction that reserves it. `fromCart: true` (with `lines`, from /checkout) says the lines are the
 * signed-in customer's server cart: the same transaction takes those tools out of it.
 */
export const createOrderBodySchema = z
  .object({
    toolId: z.uuid({ error: TOOL_ID_NOT_UUID }).optional(),
    address: addressSchema,
    phone: phoneSchema,
    quantity: orderQuantity().optional(),
    lines: z
      .array(orderLineInputSchema, { error: ORDER_LINES_REQUIRED })
      .min(1, ORDER_LINES_REQUIRED)
      .max(MAX_ORDER_LINES, ORDER_LINES_TOO_MANY)
      .refine((lines) => new Set(lines.map(lineToolKey)).size === lines.length, ORDER_LINES_REPEATED)
      .optional(),
    fromCart: z.literal(true, { error: "fromCart must be true when it is sent" }).optional(),
    /** How it ships, with the charge the customer was shown (POST /api/shipping/options); decision 0067. */
    shipping: shippingChoiceSchema.optional(),
    /** Where it goes (ISO 3166-1 alpha-2): a shipping method that serves some countries only needs it. */
    country: countrySchema.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.fromCart && !body.lines) {
      ctx.addIssue({ code: "custom", message: FROM_CART_NEEDS_LINES, path: ["fromCart"] });
    }
    if (body.lines) {
      if (body.toolId !== undefined || body.quantity !== undefined) {
        ctx.addIssue({ code: "custom", message: ORDER_SHAPES_MIXED, path: ["lines"] });
      }
      return;
    }
    if (body.toolId === undefined)
      ctx.addIssue({ code: "custom", message: TOOL_ID_NOT_UUID, path: ["toolId"] });
    if (body.quantity === undefined) {
      ctx.addIssue({ code: "custom", message: QUANTITY_REQUIRED, path: ["quantity"] });
    }
  })
  .meta({
    description:
      "Either one line, `{toolId, quantity, address, phone}` (the spec's), or several, `{lines: [{toolId, quantity}], address, phone}`, where a line may name its tool by SKU instead, `{sku, quantity}` (any case; a SKU no tool has is a 400 naming it). With `fromCart: true` (lines only) the lines are the signed-in customer's cart: the transaction that places the order takes those tools out of the cart; an order that is not placed leaves the cart as it was. While the shop offers shipping methods, `shipping: {methodId, charge}` is required: the charge is the one POST /api/shipping/options answered, and an order whose charge is no longer that one is refused (409) with a sentence naming the new charge.",
    anyOf: [{ required: ["toolId", "quantity"] }, { required: ["lines"] }],
  });
export type CreateOrderBody = z.infer<typeof createOrderBodySchema>;
/** An order body whose lines name their tools by id, as the server places it. */
export type PlaceOrderBody = Omit<CreateOrderBody, "lines"> & { lines?: OrderLineInput[] | undefined };

/** The lines of an order body, whichever its shape. */
export function linesOfOrderBody(body: PlaceOrderBody): OrderLineInput[] {
  if (body.lines) return body.lines;
  if (body.toolId === undefined || body.quantity === undefined)
    throw new Error("An order body without lines.");
  return [{ toolId: body.toolId, quantity: body.quantity }];
}

/** The Idempotency-Key header of POST /api/orders: any opaque string, e.g. a UUID per checkout. */
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;

export const orderStatusSchema = z.enum(["unpaid", "paid", "shipped", "delivered", "cancelled", "refunded"]);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

/** One line of an order as the API shows it: name, image and unit price as they were when it was placed. */
export const orderLineSchema = z.object({
  /** Null once the tool has left the catalogue. */
  toolId: z.uuid().nullable(),
  name: z.string(),
  image: z.string(),
  /** The tool's SKU when it was ordered; null only for a tool that was gone before SKUs came. */
  sku: z.string().nullable(),
  unitPrice: z.number(),
  quantity: z.number().int(),
  /** unitPrice × quantity: the net without tax added on top, the gross with prices that hold it. */
  total: z.number(),
  /** Units an admin refunded from this line (their amount went back to the card, their stock to the shelf). */
  refundedQuantity: z.number().int(),
  /** The line without tax, its tax and with it, rounded per line (decision 0041): net + tax = gross. */
  net: z.number(),
  tax: z.number(),
  gross: z.number(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

/** A credit note of an order, as its answer lists it. */
export const creditNoteSummarySchema = z.object({
  /** 1 for the order's first credit note: its PDF is /api/orders/:id/credit-notes/1.pdf. */
  n: z.number().int(),
  /** "INV-CN-2026-000001". */
  number: z.string(),
  /** ISO 8601. */
  issuedAt: z.string(),
  /** The amount credited, tax included, in currency units. */
  amount: z.number(),
});

/**
 * The tax of an order, at the rate in force when it was placed (decision 0041). Amounts in currency
 * units, each the sum of its lines' and its shipping's: net + tax = gross, and gross is the order's price.
 */
export const orderTaxSchema = z.object({
  /** Percent, at most three decimals; 0 when the shop charged no tax. */
  ratePercent: z.number(),
  /** Whether the unit prices held the tax (gross) or it was added on top. */
  pricesIncludeTax: z.boolean(),
  net: z.number(),
  tax: z.number(),
  gross: z.number(),
});

/**
 * An order as the API shows it: the spec's field names, `_id`, money in currency units. The spec's
 * one-tool fields describe a one-line order as they always did; for an order of several lines, toolId,
 * name, image and unitPrice are its first line's, quantity is the sum of its lines' (docs/api/orders-and-payment.md).
 */
/** Receipt numbers are at least six digits: 123 → "TS-000123". */
const ORDER_NUMBER_DIGITS = 6;

/** The shop's receipt number of an order, from its per-shop sequence number. */
export function formatOrderNumber(number: number): string {
  return `TS-${String(number).padStart(ORDER_NUMBER_DIGITS, "0")}`;
}

export const ORDER_NUMBER_PATTERN = /^TS-\d{6,}$/;

export const orderSchema = z.object({
  _id: z.uuid(),
  /** The receipt number the order page, the owner, the invoice and the mails name it by: "TS-000123". */
  number: z.string().regex(ORDER_NUMBER_PATTERN),
  /** The tool ordered, to order it again; null once the tool has left the catalogue. */
  toolId: z.uuid().nullable(),
  /** The tool's name when the order was placed. */
  name: z.string(),
  /** Its lines separated by "\n" (a postal address's). */
  address: z.string(),
  phone: z.string(),
  email: z.string(),
  image: z.string(),
  /** The order's total, what the customer pays: its lines' and its shipping's gross (tax.gross). */
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
  /** The quote this order was made from, at its offered prices (issue 49); null for any other order. */
  quoteId: z.uuid().nullable(),
  /** Every tool of the order, in the order they were placed: one line for the spec's one-tool order. */
  lines: z.array(orderLineSchema),
  /** How it ships and what that cost (in tax and the price); null for an order placed without shipping. */
  shipping: orderShippingSchema.nullable(),
  tax: orderTaxSchema,
  /** "INV-2026-000001" once paid (GET /api/orders/:id/invoice.pdf); null before. */
  invoiceNumber: z.string().nullable(),
  /** One per refund, oldest first (GET /api/orders/:id/credit-notes/:n.pdf). */
  creditNotes: z.array(creditNoteSummarySchema),
});
export type Order = z.infer<typeof orderSchema>;

/**
 * POST /api/orders/:id/refund (admin) with a body: refund these units of these lines of a paid (or
 * shipped, delivered) order; without a body, the whole order.
 */
export const refundLinesBodySchema = z.object({
  lines: z
    .array(orderLineInputSchema, { error: ORDER_LINES_REQUIRED })
    .min(1, ORDER_LINES_REQUIRED)
    .max(MAX_ORDER_LINES, ORDER_LINES_TOO_MANY)
    .refine((lines) => new Set(lines.map((line) => line.toolId)).size === lines.length, ORDER_LINES_REPEATED),
});
export type RefundLinesBody = z.infer<typeof refundLinesBodySchema>;

export const orderIdParamsSchema = z.object({
  id: z.uuid({ error: "The order id must be a UUID" }),
});

/** The paper an invoice or credit note PDF is printed on: A4 unless `?paper=letter`. */
export const paperSizes = ["a4", "letter"] as const;
export const taxDocumentQuerySchema = z.object({
  paper: z.enum(paperSizes, { error: "The paper must be a4 or letter" }).default("a4"),
});

export const creditNoteParamsSchema = orderIdParamsSchema.extend({
  n: z.coerce
    .number({ error: "The credit note's number must be a whole number from 1" })
    .int({ error: "The credit note's number must be a whole number from 1" })
    .min(1, { error: "The credit note's number must be a whole number from 1" })
    .max(10_000, { error: "The credit note's number must be a whole number from 1" }),
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

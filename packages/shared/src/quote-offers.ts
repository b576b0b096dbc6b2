// Quotes that become orders (issue 49): a signed-in customer's request with lines, the owner's offer,
// the customer's answer, and a quote as the API shows it to both.
import { z } from "zod";
import { addressSchema, MAX_ORDER_LINES, phoneSchema } from "./orders";
import { pageQueryFields } from "./paging";
import { quoteStates } from "./quote-lifecycle";
import { QUOTE_QUANTITY_RANGE } from "./quote-limits";
import { quoteRequestSchema } from "./quotes";
import { shippingAmount } from "./shipping";
import { checkLineTool, lineToolFields, lineToolKey } from "./sku";
import { multiLine } from "./text";
import { moneyAmount, toolSchema } from "./tools";
import { isWholeCents } from "./unit-price";

export const MAX_QUOTE_LINES = MAX_ORDER_LINES;
export const QUOTE_LINES_REQUIRED = "A quote needs at least one line";
export const QUOTE_LINES_TOO_MANY = `A quote holds at most ${MAX_QUOTE_LINES} lines`;
export const QUOTE_LINES_REPEATED = "Each tool may appear only once in a quote";
export const QUOTE_NOTE_MAX_LENGTH = 2000;
export const QUOTE_REASON_MAX_LENGTH = 500;
/** How long an offer holds when the owner does not say, and the longest it may hold. */
export const DEFAULT_QUOTE_VALID_DAYS = 14;
export const MAX_QUOTE_VALID_DAYS = 365;

const toolId = () => z.uuid({ error: "The tool id must be a UUID" });
const quantity = () =>
  z
    .number({ error: "Quantity must be a number" })
    .int("Quantity must be a whole number")
    .min(QUOTE_QUANTITY_RANGE.min, "Quantity must be at least 1")
    .max(QUOTE_QUANTITY_RANGE.max, `Quantity must be at most ${QUOTE_QUANTITY_RANGE.max}`);

const eachToolOnce = (lines: readonly { toolId?: string | undefined; sku?: string | undefined }[]) =>
  new Set(lines.map(lineToolKey)).size === lines.length;

const linesOf = <T extends z.ZodType<{ toolId?: string | undefined; sku?: string | undefined }>>(line: T) =>
  z
    .array(line, { error: QUOTE_LINES_REQUIRED })
    .min(1, QUOTE_LINES_REQUIRED)
    .max(MAX_QUOTE_LINES, QUOTE_LINES_TOO_MANY)
    .refine(eachToolOnce, QUOTE_LINES_REPEATED);

/** A requested line: a tool by its id or its SKU, and how many. */
export const quoteLineInputSchema = z
  .object({ ...lineToolFields(toolId()), quantity: quantity() })
  .superRefine(checkLineTool);
/** A requested line as the server stores it: the SKU turned into its tool's id. */
export interface QuoteLineInput {
  toolId: string;
  quantity: number;
}

const { name, email, message } = quoteRequestSchema.shape;

/**
 * POST /api/quotes: the home page's message (name, email, message: as before), or, signed in, a request
 * with `lines` (the cart's), where the message is optional and the name and email come from the account.
 * One object with a refinement, so that each field's error is its own sentence.
 */
export const quoteRequestBodySchema = z
  .object({
    ...quoteRequestSchema.shape,
    name: name.optional(),
    email: email.optional(),
    message: message.optional(),
    lines: linesOf(quoteLineInputSchema).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.lines) return;
    if (body.name === undefined)
      ctx.addIssue({ code: "custom", message: "Name is required", path: ["name"] });
    if (body.email === undefined)
      ctx.addIssue({ code: "custom", message: "Email is required", path: ["email"] });
    if (body.message === undefined) {
      ctx.addIssue({ code: "custom", message: "Message is required", path: ["message"] });
    }
  });
export type QuoteRequestBody = z.infer<typeof quoteRequestBodySchema>;

/** The cart's "Ask for a quote" form: the lines are the cart's; these are what the customer types. */
export const cartQuoteFormSchema = z.object({
  company: quoteRequestSchema.shape.company,
  message: multiLine(
    z.string().trim().max(2000, { error: "Message is too long", abort: true }),
    "The message",
  ),
});
export type CartQuoteForm = z.infer<typeof cartQuoteFormSchema>;

const unitPrice = () => moneyAmount("The unit price");

/**
 * An offer's unit price after its percentage discount, in minor units: each unit rounded half up, so a
 * line's total is its quantity times the unit the order charges (issue 62). No discount: the price.
 */
export function discountedUnitMinor(unitMinor: number, discountPercent: number | null): number {
  if (discountPercent === null || discountPercent === 0) return unitMinor;
  const basisPoints = Math.round(discountPercent * 100);
  return Math.floor((unitMinor * (10_000 - basisPoints) * 2 + 10_000) / 20_000);
}

export const quoteOfferLineSchema = z.object({
  toolId: toolId(),
  quantity: quantity(),
  unitPrice: unitPrice(),
});

/** POST /api/quotes/:id/offer (admin): the offer, which replaces any offer before it. */
export const quoteOfferBodySchema = z.object({
  lines: linesOf(quoteOfferLineSchema),
  note: multiLine(
    z
      .string()
      .trim()
      .max(QUOTE_NOTE_MAX_LENGTH, `The note must be at most ${QUOTE_NOTE_MAX_LENGTH} characters`),
    "The note",
  ).optional(),
  validDays: z
    .number({ error: "The validity must be a number of days" })
    .int("The validity must be a whole number of days")
    .min(1, "An offer is valid for at least 1 day")
    .max(MAX_QUOTE_VALID_DAYS, `An offer is valid for at most ${MAX_QUOTE_VALID_DAYS} days`)
    .optional()
    .describe(`Days the offer holds; ${DEFAULT_QUOTE_VALID_DAYS} when absent`),
  // Charged as the order's shipping: the shipping methods' own bounds.
  freight: shippingAmount("The freight")
    .optional()
    .describe("A freight charge the order adds as its shipping, on the prices' footing (taxed like them)"),
  discountPercent: z
    .number({ error: "The discount must be a percentage" })
    .gt(0, "The discount must be more than 0 percent")
    .lt(100, "The discount must be less than 100 percent")
    .refine(isWholeCents, "The discount can have at most 2 decimals")
    .optional()
    .describe("A percentage off every line's unit price (each unit rounded to the cent)"),
});
export type QuoteOfferBody = z.infer<typeof quoteOfferBodySchema>;

/** POST /api/quotes/:id/accept (its owner): where the order goes, as a checkout asks. */
export const quoteAcceptBodySchema = z.object({ address: addressSchema, phone: phoneSchema });
export type QuoteAcceptBody = z.infer<typeof quoteAcceptBodySchema>;

/** POST /api/quotes/:id/decline (its owner): why, if they wish to say. */
export const quoteDeclineBodySchema = z.object({
  reason: multiLine(
    z
      .string()
      .trim()
      .max(QUOTE_REASON_MAX_LENGTH, `The reason must be at most ${QUOTE_REASON_MAX_LENGTH} characters`),
    "The reason",
  ).optional(),
});
export type QuoteDeclineBody = z.infer<typeof quoteDeclineBodySchema>;

/** Quotes per page of My quotes when the client does not say. */
export const MY_QUOTES_PAGE_SIZE = 20;

/** GET /api/quotes/mine?cursor=&limit=: without them, the newest MY_QUOTES_PAGE_SIZE quotes. */
export const myQuotesQuerySchema = z.object(
  pageQueryFields({ cursorMaxLength: 200, limitDescription: "Quotes per page" }),
);
export type MyQuotesQuery = z.infer<typeof myQuotesQuerySchema>;

export const quoteStateSchema = z.enum(quoteStates);

export const quoteLineSchema = z.object({
  /** Null once the tool has left the catalogue. */
  toolId: z.uuid().nullable(),
  name: z.string(),
  image: z.string(),
  /** The tool's SKU when the line was written; null only for a tool that was gone before SKUs came. */
  sku: z.string().nullable(),
  quantity: z.number().int(),
  /** The offered unit price; null until there is an offer. */
  unitPrice: z.number().nullable(),
  /** unitPrice × quantity; null until there is an offer. */
  total: z.number().nullable(),
  /** The tool's catalogue price now (the owner's starting point); null once the tool is gone. */
  listPrice: z.number().nullable(),
  /** The tool's prices by quantity now, as GET /api/tools/:id shows them; empty once the tool is gone. */
  priceBreaks: toolSchema.shape.priceBreaks,
});
export type QuoteLine = z.infer<typeof quoteLineSchema>;

export const quoteHistoryEntrySchema = z.object({
  state: quoteStateSchema,
  /** ISO 8601. */
  at: z.string(),
});

/** A quote as its owner and the admins see it (GET /api/quotes/mine, GET /api/quotes/:id). */
export const quoteSchema = z.object({
  _id: z.uuid(),
  /** An offer past its validity shows expired, whether or not the sweep has stored it yet. */
  state: quoteStateSchema,
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  company: z.string(),
  message: z.string(),
  /** A visitor's message names a tool and a quantity in words ("" and null when not given). */
  tool: z.string(),
  quantity: z.number().int().nullable(),
  createdAt: z.string(),
  lines: z.array(quoteLineSchema),
  /** The offer's percentage off every unit price; null: none. */
  discountPercent: z.number().nullable(),
  /** The offer's freight, which the order charges as its shipping; null: none. */
  freight: z.number().nullable(),
  /** The offer's total before tax: the lines at their discounted unit prices and the freight; null until there is an offer. */
  total: z.number().nullable(),
  note: z.string().nullable(),
  /** ISO 8601: the offer cannot be accepted from then on; null until there is an offer. */
  validUntil: z.string().nullable(),
  declineReason: z.string().nullable(),
  /** The order the accepted offer became. */
  orderId: z.uuid().nullable(),
  /** Every state the quote entered, oldest first. */
  history: z.array(quoteHistoryEntrySchema),
});
export type Quote = z.infer<typeof quoteSchema>;

import { z } from "zod";
import { emailSchema, personNameSchema } from "./auth";
import { pageQueryFields } from "./paging";
import { quoteStates } from "./quote-lifecycle";
import { QUOTE_LIMITS, QUOTE_QUANTITY_RANGE } from "./quote-limits";
import { multiLine, oneLine } from "./text";

export { QUOTE_LIMITS, QUOTE_QUANTITY_RANGE } from "./quote-limits";

/** An optional one-line field of the quote form: "" means "not given". */
const optionalLine = (label: string, max: number) =>
  oneLine(
    z
      .string()
      .trim()
      .max(max, { error: `${label} must be at most ${max} characters`, abort: true }),
    label,
  )
    .optional()
    .or(z.literal(""));

/** The request-for-quote / contact block on the home page. */
export const quoteRequestSchema = z.object({
  name: personNameSchema,
  email: emailSchema(),
  phone: oneLine(
    z
      .string()
      .trim()
      .max(QUOTE_LIMITS.phone, {
        error: `Phone must be at most ${QUOTE_LIMITS.phone} characters`,
        abort: true,
      }),
    "Phone",
  )
    .regex(/^[+\d\s()-]*$/, "Phone must be a number")
    .optional()
    .or(z.literal("")),
  company: optionalLine("Company", QUOTE_LIMITS.company),
  tool: optionalLine("Tool", QUOTE_LIMITS.tool),
  quantity: z.coerce
    .number({ message: "Quantity must be a number" })
    .int("Quantity must be a whole number")
    .min(1, "Quantity must be at least 1")
    .max(QUOTE_QUANTITY_RANGE.max, `Quantity must be at most ${QUOTE_QUANTITY_RANGE.max}`)
    .optional(),
  message: multiLine(
    z
      .string({ error: "Message is required" })
      .trim()
      .min(1, { error: "Message is required", abort: true })
      .max(QUOTE_LIMITS.message, { error: "Message is too long", abort: true }),
    "The message",
  ),
});
export type QuoteRequest = z.infer<typeof quoteRequestSchema>;

/** The 201 answer of POST /api/quotes. */
export const quoteReceivedSchema = z.object({ _id: z.string() });

/** A stored request as the admins' list shows it (GET /api/quotes); "" for an empty optional field. */
export const storedQuoteSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  company: z.string(),
  tool: z.string(),
  quantity: z.number().int().nullable(),
  message: z.string(),
  createdAt: z.string(),
  handled: z.boolean(),
  /** Where the quote stands in its lifecycle (quote-lifecycle.ts); an offer past its validity is expired. */
  state: z.enum(quoteStates),
  /** The request's tools (a cart's lines), as its offer has them once offered; empty for a visitor's message. */
  lines: z.array(z.object({ name: z.string(), sku: z.string().nullable(), quantity: z.number().int() })),
});
export type StoredQuote = z.infer<typeof storedQuoteSchema>;

/** GET /api/quotes/open-count (admins only): how many requests wait to be handled, counted up to OPEN_QUOTES_COUNT_CAP. */
export const OPEN_QUOTES_COUNT_CAP = 99;
export const openQuotesCountSchema = z.object({
  count: z.number().int(),
  /** True when there are more than `count` (the menu shows "99+"). */
  more: z.boolean(),
});
export type OpenQuotesCount = z.infer<typeof openQuotesCountSchema>;

/** `PATCH /api/quotes/:id`: an admin marks a request handled (or not handled again). */
export const quoteHandledSchema = z.object({
  handled: z.boolean({ error: "handled must be true or false" }),
});

export const quoteIdParamsSchema = z.object({
  id: z.uuid({ error: "There is no quote request with this id" }),
});

/** Requests per page of GET /api/quotes; the next page's cursor comes in the X-Next-Cursor header. */
export const QUOTES_PAGE_SIZE = 20;
export const QUOTE_SEARCH_MAX_LENGTH = 254;

/**
 * GET /api/quotes?q=&state=&cursor=&limit=: every parameter optional; without any, the newest page. The
 * one filter is the quote's state in its lifecycle: "requested" is what waits for an offer (the old
 * open/handled filter said less, and two filters over one list said it twice).
 */
export const quotesQuerySchema = z.object({
  q: oneLine(
    z
      .string()
      .trim()
      .toLowerCase()
      .max(QUOTE_SEARCH_MAX_LENGTH, `The search must be at most ${QUOTE_SEARCH_MAX_LENGTH} characters`),
    "The search",
  )
    .optional()
    .describe("Requests whose email, name or company starts with this text (case-insensitive)"),
  state: z
    .enum(quoteStates, { error: `The state must be one of ${quoteStates.join(", ")}` })
    .optional()
    .describe(
      "Only quotes in this state of their lifecycle; an offer past its validity is expired. Absent: every state",
    ),
  ...pageQueryFields(),
});
export type QuotesQuery = z.infer<typeof quotesQuerySchema>;

import { z } from "zod";

/** The request-for-quote / contact block on the home page. */
export const quoteRequestSchema = z.object({
  name: z.string().trim().min(1, "Name is required").max(200),
  email: z.string().trim().min(1, "Email is required").email("Please Enter Valid Email"),
  phone: z
    .string()
    .trim()
    .max(40)
    .regex(/^[+\d\s()-]*$/, "Phone must be a number")
    .optional()
    .or(z.literal("")),
  company: z.string().trim().max(200).optional().or(z.literal("")),
  tool: z.string().trim().max(200).optional().or(z.literal("")),
  quantity: z.coerce
    .number({ message: "Quantity must be a number" })
    .int("Quantity must be a whole number")
    .min(1, "Quantity must be at least 1")
    .max(100000)
    .optional(),
  message: z.string().trim().min(1, "Message is required").max(2000, "Message is too long"),
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
});
export type StoredQuote = z.infer<typeof storedQuoteSchema>;

/** `PATCH /api/quotes/:id`: an admin marks a request handled (or not handled again). */
export const quoteHandledSchema = z.object({
  handled: z.boolean({ error: "handled must be true or false" }),
});
export type QuoteHandled = z.infer<typeof quoteHandledSchema>;

export const quoteIdParamsSchema = z.object({
  id: z.uuid({ error: "There is no quote request with this id" }),
});

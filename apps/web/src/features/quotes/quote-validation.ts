import { type QuoteRequest, quoteRequestSchema } from "@toolshop/shared/quotes";
import type { QuoteField, QuoteFormValues } from "./quote-fields";

export type QuoteErrors = Partial<Record<QuoteField, string>>;
export type QuoteCheck = { request: QuoteRequest; errors?: undefined } | { errors: QuoteErrors };

/**
 * The form's values checked with the shared schema, as the server checks them: the request to send, or
 * the first message of each field that fails. Its own chunk (with zod), loaded when the visitor first
 * touches the quote form, so the home page does not wait for it.
 */
export function checkQuoteRequest(values: QuoteFormValues): QuoteCheck {
  const result = quoteRequestSchema.safeParse(values);
  if (result.success) return { request: result.data };
  const errors: QuoteErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as QuoteField;
    errors[field] ??= issue.message;
  }
  return { errors };
}

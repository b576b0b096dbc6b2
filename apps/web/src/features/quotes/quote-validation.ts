import { zodResolver } from "@hookform/resolvers/zod";
import { quoteRequestSchema } from "@toolshop/shared/quotes";
import type { z } from "zod";

/** The quote form's values as typed: the shared schema's input. */
export type QuoteFormValues = z.input<typeof quoteRequestSchema>;

/**
 * The quote form's checks: the shared schema the server checks a request with, as react-hook-form's
 * resolver, answering the request to send or each field's first message. Its own chunk (with zod),
 * loaded when the visitor first touches the quote form, so the home page does not wait for it.
 */
export const quoteRequestResolver = zodResolver(quoteRequestSchema);

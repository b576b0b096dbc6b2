import type { QuoteRequest } from "@toolshop/shared/quotes";
import { apiRequest } from "../../../lib/api-client";

export const SALES_EMAIL = "sales@toolshop.example";
export const SALES_PHONE = { display: "+1 (555) 010-0100", tel: "+15550100100" };

/** POST /api/quotes: the request-for-quote / contact block. */
export function submitQuoteRequest(request: QuoteRequest): Promise<void> {
  return apiRequest<void>("/quotes", { method: "POST", json: request });
}

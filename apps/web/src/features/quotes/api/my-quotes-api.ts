// The customer's side of quotes (issue 49): asking for a price on the cart's lines, their quotes, and
// their answer to an offer.
import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import type { Order } from "@toolshop/shared/orders";
import type { Quote, QuoteAcceptBody, QuoteDeclineBody, QuoteLineInput } from "@toolshop/shared/quote-offers";
import { apiPageRequest, apiRequest } from "../../../lib/api-client";
import { withQuery } from "../../orders/api/orders-api";

/** Every query about the customer's own quotes (not the admins' lists, which are under ["quotes"]). */
export const MY_QUOTES_QUERY_KEY = ["my-quotes"] as const;

/** GET /api/quotes/mine, newest first, a page at a time (the next page's cursor in X-Next-Cursor). */
export const myQuotesQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: [...MY_QUOTES_QUERY_KEY, "list"],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      apiPageRequest<Quote[]>(withQuery("/quotes/mine", { cursor: pageParam }), { signal }),
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

/** GET /api/quotes/:id: one quote with its lines, offer, validity and history. */
export const myQuoteQueryOptions = (quoteId: string) =>
  queryOptions({
    queryKey: [...MY_QUOTES_QUERY_KEY, "one", quoteId],
    queryFn: ({ signal }) => apiRequest<Quote>(`/quotes/${encodeURIComponent(quoteId)}`, { signal }),
  });

/** What the cart's "Ask for a quote" sends: its lines, and what the customer typed. */
export interface CartQuoteRequest {
  lines: QuoteLineInput[];
  company: string;
  message: string;
}

/** POST /api/quotes with the cart's lines, tied to the signed-in account; answers the new quote's id. */
export function askForQuote({ lines, company, message }: CartQuoteRequest): Promise<{ _id: string }> {
  return apiRequest<{ _id: string }>("/quotes", {
    method: "POST",
    json: { lines, ...(company ? { company } : {}), ...(message ? { message } : {}) },
  });
}

/** POST /api/quotes/:id/accept: the new unpaid order at the offered prices (the same one if accepted before). */
export function acceptQuote(quoteId: string, body: QuoteAcceptBody): Promise<Order> {
  return apiRequest<Order>(`/quotes/${encodeURIComponent(quoteId)}/accept`, { method: "POST", json: body });
}

/** POST /api/quotes/:id/decline, with the customer's reason when they gave one. */
export function declineQuote(quoteId: string, body: QuoteDeclineBody): Promise<Quote> {
  return apiRequest<Quote>(`/quotes/${encodeURIComponent(quoteId)}/decline`, { method: "POST", json: body });
}

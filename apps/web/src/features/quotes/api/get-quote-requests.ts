import { infiniteQueryOptions } from "@tanstack/react-query";
import type { QuoteState } from "@toolshop/shared/quote-lifecycle";
import type { StoredQuote } from "@toolshop/shared/quotes";
import { apiPageRequest } from "../../../lib/api-client";

export interface QuotesFilter {
  /** Requests whose email, name or company starts with this text. */
  q: string;
  /** Only quotes in this state of their lifecycle; null for every state. */
  state: QuoteState | null;
}

/** Every quote query of the web (the owner's lists and quotes, the customer's). */
export const QUOTES_QUERY_KEY = ["quotes"] as const;

/** The owner's queries: the lists of requests, whatever their filter, and one quote each. */
export const quoteRequestKeys = {
  lists: [...QUOTES_QUERY_KEY, "requests"] as const,
  list: (filter: QuotesFilter) => [...quoteRequestKeys.lists, filter] as const,
  detail: (quoteId: string) => [...QUOTES_QUERY_KEY, "detail", quoteId] as const,
};

/**
 * GET /api/quotes (admins only), newest first, one page at a time: the body is the page, the
 * X-Next-Cursor header where the next one starts.
 */
export const quoteRequestsQueryOptions = (filter: QuotesFilter) =>
  infiniteQueryOptions({
    queryKey: quoteRequestKeys.list(filter),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams();
      if (filter.q) params.set("q", filter.q);
      if (filter.state) params.set("state", filter.state);
      if (pageParam) params.set("cursor", pageParam);
      const query = params.size > 0 ? `?${params}` : "";
      return apiPageRequest<StoredQuote[]>(`/quotes${query}`, { signal });
    },
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

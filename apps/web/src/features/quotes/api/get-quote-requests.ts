import { infiniteQueryOptions } from "@tanstack/react-query";
import type { QuoteStatus, StoredQuote } from "@toolshop/shared/quotes";
import { apiPageRequest } from "../../../lib/api-client";

export interface QuotesFilter {
  /** Requests whose email, name or company starts with this text. */
  q: string;
  status: QuoteStatus | null;
}

/** Every quote list, whatever its filter. */
export const QUOTES_QUERY_KEY = ["quotes"] as const;

/**
 * GET /api/quotes (admins only), newest first, one page at a time: the body is the page, the
 * X-Next-Cursor header where the next one starts.
 */
export const quoteRequestsQueryOptions = ({ q, status }: QuotesFilter) =>
  infiniteQueryOptions({
    queryKey: [...QUOTES_QUERY_KEY, { q, status }],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams();
      if (q) params.set("q", q);
      if (status) params.set("status", status);
      if (pageParam) params.set("cursor", pageParam);
      const query = params.size > 0 ? `?${params}` : "";
      return apiPageRequest<StoredQuote[]>(`/quotes${query}`, { signal });
    },
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

import { queryOptions } from "@tanstack/react-query";
import type { OpenQuotesCount } from "@toolshop/shared/quotes";
import { apiRequest } from "../../../lib/api-client";

/** Not under the lists' key: marking a request handled rewrites those pages in place, and refetches this. */
export const OPEN_QUOTES_COUNT_KEY = ["quotes-open-count"] as const;

/**
 * GET /api/quotes/open-count (admins only): the requests not handled yet, for the dashboard menu,
 * asked again every minute while the dashboard is open, so that new requests show without a reload.
 */
export const openQuotesCountQueryOptions = () =>
  queryOptions({
    queryKey: OPEN_QUOTES_COUNT_KEY,
    queryFn: ({ signal }) => apiRequest<OpenQuotesCount>("/quotes/open-count", { signal }),
    refetchInterval: 60_000,
  });

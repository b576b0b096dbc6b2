import { queryOptions } from "@tanstack/react-query";
import type { StoredQuote } from "@toolshop/shared/quotes";
import { apiRequest } from "../../../lib/api-client";

/** GET /api/quotes (admins only): the newest requests first. */
export const quoteRequestsQueryOptions = queryOptions({
  queryKey: ["quotes"],
  queryFn: ({ signal }) => apiRequest<StoredQuote[]>("/quotes", { signal }),
});

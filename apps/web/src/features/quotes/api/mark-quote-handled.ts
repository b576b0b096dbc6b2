import { type InfiniteData, useMutation, useQueryClient } from "@tanstack/react-query";
import type { StoredQuote } from "@toolshop/shared/quotes";
import { type ApiPage, apiRequest } from "../../../lib/api-client";
import { OPEN_QUOTES_COUNT_KEY } from "./get-open-quotes-count";
import { quoteRequestKeys } from "./get-quote-requests";

type QuotePages = InfiniteData<ApiPage<StoredQuote[]>, string | null>;

/**
 * PATCH /api/quotes/:id (admins only): marks a request handled, or open again. The request changes
 * in place in every loaded list, so that the admin sees what they just did.
 */
export function useMarkQuoteHandled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, handled }: { id: string; handled: boolean }) =>
      apiRequest<StoredQuote>(`/quotes/${encodeURIComponent(id)}`, { method: "PATCH", json: { handled } }),
    onSuccess: (updated) => {
      void queryClient.invalidateQueries({ queryKey: OPEN_QUOTES_COUNT_KEY });
      queryClient.setQueriesData<QuotePages>({ queryKey: quoteRequestKeys.lists }, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                body: page.body.map((quote) => (quote._id === updated._id ? updated : quote)),
              })),
            }
          : data,
      );
    },
  });
}

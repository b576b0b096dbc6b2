import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { StoredQuote } from "@toolshop/shared/quotes";
import { apiRequest } from "../../../lib/api-client";
import { quoteRequestsQueryOptions } from "./get-quote-requests";

/** PATCH /api/quotes/:id (admins only): marks a request handled, or open again. */
export function useMarkQuoteHandled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, handled }: { id: string; handled: boolean }) =>
      apiRequest<StoredQuote>(`/quotes/${encodeURIComponent(id)}`, { method: "PATCH", json: { handled } }),
    onSuccess: (updated) =>
      queryClient.setQueryData(quoteRequestsQueryOptions.queryKey, (list) =>
        list?.map((quote) => (quote._id === updated._id ? updated : quote)),
      ),
  });
}

import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { Quote, QuoteOfferBody } from "@toolshop/shared/quote-offers";
import { apiRequest } from "../../../lib/api-client";
import { OPEN_QUOTES_COUNT_KEY } from "./get-open-quotes-count";
import { quoteRequestKeys } from "./get-quote-requests";

const quotePath = (quoteId: string) => `/quotes/${encodeURIComponent(quoteId)}`;

/** GET /api/quotes/:id: one quote with its requester, lines, offer and dated history. */
export const quoteRequestQueryOptions = (quoteId: string) =>
  queryOptions({
    queryKey: quoteRequestKeys.detail(quoteId),
    queryFn: ({ signal }) => apiRequest<Quote>(quotePath(quoteId), { signal }),
  });

/** The owner's commands on a quote (admins only); the server refuses one its table forbids (409). */
export type OwnerQuoteCommand = { kind: "offer"; body: QuoteOfferBody } | { kind: "withdraw" };

/**
 * POST /api/quotes/:id/offer (a first offer or a revision) or /withdraw. The answer is the quote as it
 * now is; the lists (whose states changed) and the menu's count are loaded again.
 */
export function useOwnerQuoteCommand(quoteId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (command: OwnerQuoteCommand) =>
      apiRequest<Quote>(`${quotePath(quoteId)}/${command.kind}`, {
        method: "POST",
        ...(command.kind === "offer" ? { json: command.body } : {}),
      }),
    onSuccess: (quote) => {
      queryClient.setQueryData(quoteRequestKeys.detail(quoteId), quote);
      void queryClient.invalidateQueries({ queryKey: quoteRequestKeys.lists });
      void queryClient.invalidateQueries({ queryKey: OPEN_QUOTES_COUNT_KEY });
    },
  });
}

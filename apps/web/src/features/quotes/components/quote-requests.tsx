import { useInfiniteQuery } from "@tanstack/react-query";
import { QUOTE_STATE_LABELS, type QuoteState, quoteStates } from "@toolshop/shared/quote-lifecycle";
import { useEffect } from "react";
import { useLocation } from "react-router";
import { FilterSelect, SearchField, useListParams } from "../../../components/list-controls";
import { PagedList } from "../../../components/paged-list";
import { quoteRequestsQueryOptions } from "../api/get-quote-requests";
import { QuoteRequestCard } from "./quote-request-card";
import { QuoteRequestDetail } from "./quote-request-detail";

type StateOption = QuoteState | "all";
const STATE_OPTIONS: readonly (readonly [StateOption, string])[] = [
  ["all", "All"],
  ...quoteStates.map((state) => [state, QUOTE_STATE_LABELS[state]] as const),
];

const isQuoteState = (value: string | null): value is QuoteState => quoteStates.includes(value as QuoteState);

/** The address's query with `changes` applied (null removes a parameter). */
function searchWith(params: URLSearchParams, changes: Record<string, string | null>): string {
  const next = new URLSearchParams(params);
  for (const [name, value] of Object.entries(changes)) {
    if (value) next.set(name, value);
    else next.delete(name);
  }
  const query = next.toString();
  return query ? `?${query}` : "";
}

/** Where the owner came back from (the request they had open), so that the list focuses its card. */
interface ReturnState {
  closedQuote?: string;
}

/**
 * The owner's Quote requests: every request, newest first, searchable by email, name or company and
 * filtered by state, one page at a time (?q=&state= in the URL). ?open=<id> (the mails' link) shows
 * one request instead, with its offer editor; the list's filters stay in the URL for the way back.
 */
export function QuoteRequests() {
  const [params, setParams] = useListParams();
  const openId = params.get("open");
  if (openId) {
    return (
      <QuoteRequestDetail
        quoteId={openId}
        back={{ search: searchWith(params, { open: null }), state: { closedQuote: openId } }}
      />
    );
  }
  const q = params.get("q")?.trim() ?? "";
  const stateParam = params.get("state");
  const state = isQuoteState(stateParam) ? stateParam : null;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <SearchField
          label="Search by email, name or company"
          placeholder="Starts with…"
          value={q}
          onSearch={(text) => setParams({ q: text || null })}
        />
        <FilterSelect<StateOption>
          label="State"
          value={state ?? "all"}
          options={STATE_OPTIONS}
          onChange={(value) => setParams({ state: value === "all" ? null : value })}
        />
      </div>
      <QuoteList q={q} state={state} params={params} />
    </div>
  );
}

function QuoteList({ q, state, params }: { q: string; state: QuoteState | null; params: URLSearchParams }) {
  const quotes = useInfiniteQuery(quoteRequestsQueryOptions({ q, state }));
  const closedQuote = (useLocation().state as ReturnState | null)?.closedQuote;
  const loaded = quotes.data !== undefined;
  // Back from a request: the keyboard goes on from its card, not from the top of the page.
  useEffect(() => {
    if (loaded && closedQuote) document.getElementById(`open-${closedQuote}`)?.focus();
  }, [loaded, closedQuote]);
  return (
    <PagedList
      query={quotes}
      pageItems={(page) => page.body}
      pendingLabel="Loading quote requests"
      errorTitle="The quote requests could not be loaded."
      emptyText={
        q
          ? "No quote requests match this search."
          : state
            ? "No quote requests in this state."
            : "No quote requests yet."
      }
      noun={["request", "requests"]}
    >
      {(list, itemProps) => (
        <ul className="flex flex-col gap-4" aria-label="Quote requests">
          {list.map((quote, index) => (
            <li key={quote._id} {...itemProps(index)}>
              <QuoteRequestCard quote={quote} openSearch={searchWith(params, { open: quote._id })} />
            </li>
          ))}
        </ul>
      )}
    </PagedList>
  );
}

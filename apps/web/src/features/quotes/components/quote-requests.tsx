import { useInfiniteQuery } from "@tanstack/react-query";
import type { QuoteStatus, StoredQuote } from "@toolshop/shared/quotes";
import { FilterSelect, SearchField, useListParams } from "../../../components/list-controls";
import { PagedList } from "../../../components/paged-list";
import { notify } from "../../../lib/toast";
import { quoteRequestsQueryOptions } from "../api/get-quote-requests";
import { useMarkQuoteHandled } from "../api/mark-quote-handled";

const dateFormat = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short" });

const STATUS_OPTIONS = [
  ["all", "All"],
  ["open", "Open"],
  ["handled", "Handled"],
] as const;
type StatusOption = (typeof STATUS_OPTIONS)[number][0];

/**
 * The admins' list of requests for a quote, newest first, each with a handled switch; searchable by
 * email, name or company, filtered by status, one page at a time (?q=&status= in the URL).
 */
export function QuoteRequests() {
  const [params, setParams] = useListParams();
  const q = params.get("q")?.trim() ?? "";
  const statusParam = params.get("status");
  const status: QuoteStatus | null = statusParam === "open" || statusParam === "handled" ? statusParam : null;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <SearchField
          label="Search by email, name or company"
          placeholder="Starts with…"
          value={q}
          onSearch={(text) => setParams({ q: text || null })}
        />
        <FilterSelect<StatusOption>
          label="Status"
          value={status ?? "all"}
          options={STATUS_OPTIONS}
          onChange={(value) => setParams({ status: value === "all" ? null : value })}
        />
      </div>
      <QuoteList q={q} status={status} />
    </div>
  );
}

function QuoteList({ q, status }: { q: string; status: QuoteStatus | null }) {
  const quotes = useInfiniteQuery(quoteRequestsQueryOptions({ q, status }));
  return (
    <PagedList
      query={quotes}
      pageItems={(page) => page.body}
      pendingLabel="Loading quote requests"
      errorTitle="The quote requests could not be loaded."
      emptyText={q || status ? "No quote requests match this search." : "No quote requests yet."}
      noun={["request", "requests"]}
    >
      {(list, itemProps) => (
        <ul className="flex flex-col gap-4" aria-label="Quote requests">
          {list.map((quote, index) => (
            <li key={quote._id} {...itemProps(index)}>
              <QuoteCard quote={quote} />
            </li>
          ))}
        </ul>
      )}
    </PagedList>
  );
}

function QuoteCard({ quote }: { quote: StoredQuote }) {
  const mark = useMarkQuoteHandled();
  const headingId = `quote-${quote._id}`;
  const details: [string, string][] = [
    ["Email", quote.email],
    ["Phone", quote.phone],
    ["Company", quote.company],
    ["Tool", quote.tool || "Any tool / not sure yet"],
    ["Quantity", quote.quantity === null ? "" : String(quote.quantity)],
  ];
  const toggle = () =>
    mark.mutate(
      { id: quote._id, handled: !quote.handled },
      { onError: (error) => notify.error(error.message) },
    );

  return (
    <article
      aria-labelledby={headingId}
      className={`card border bg-base-100 ${quote.handled ? "border-base-300 opacity-75" : "border-primary/40 shadow-sm"}`}
    >
      <div className="card-body gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id={headingId} className="card-title break-all">
            {quote.name}
          </h2>
          <span className={`badge ${quote.handled ? "badge-success" : "badge-warning"}`}>
            {quote.handled ? "Handled" : "Open"}
          </span>
        </div>
        <p className="text-sm text-base-content/70">
          <time dateTime={quote.createdAt}>{dateFormat.format(new Date(quote.createdAt))}</time>
        </p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          {details
            .filter(([, value]) => value !== "")
            .map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="font-medium">{label}</dt>
                <dd className="break-all">
                  {label === "Email" ? (
                    <a href={`mailto:${value}`} className="link">
                      {value}
                    </a>
                  ) : (
                    value
                  )}
                </dd>
              </div>
            ))}
        </dl>
        <p className="break-words whitespace-pre-line">{quote.message}</p>
        <div className="card-actions">
          <button type="button" className="btn btn-sm btn-outline" disabled={mark.isPending} onClick={toggle}>
            {quote.handled ? "Mark as open" : "Mark handled"}
            <span className="sr-only"> (request from {quote.name})</span>
          </button>
        </div>
      </div>
    </article>
  );
}

import { useQuery } from "@tanstack/react-query";
import type { StoredQuote } from "@toolshop/shared/quotes";
import { LoadError } from "../../../components/load-error";
import { Spinner } from "../../../components/spinner";
import { notify } from "../../../lib/toast";
import { quoteRequestsQueryOptions } from "../api/get-quote-requests";
import { useMarkQuoteHandled } from "../api/mark-quote-handled";

const dateFormat = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short" });

/** The admins' list of requests for a quote, newest first, each with a handled switch. */
export function QuoteRequests() {
  const quotes = useQuery(quoteRequestsQueryOptions);
  if (quotes.isPending) {
    return (
      <div className="grid place-items-center py-12">
        <Spinner label="Loading quote requests" />
      </div>
    );
  }
  if (quotes.isError) {
    return (
      <LoadError
        title="The quote requests could not be loaded."
        error={quotes.error}
        onRetry={() => void quotes.refetch()}
        retrying={quotes.isRefetching}
      />
    );
  }
  if (quotes.data.length === 0) return <p>No quote requests yet.</p>;
  const open = quotes.data.filter((quote) => !quote.handled).length;
  return (
    <div className="flex flex-col gap-4">
      <p className="text-base-content/80">
        {open} open, {quotes.data.length - open} handled.
      </p>
      <ul className="flex flex-col gap-4">
        {quotes.data.map((quote) => (
          <li key={quote._id}>
            <QuoteCard quote={quote} />
          </li>
        ))}
      </ul>
    </div>
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

import { useInfiniteQuery } from "@tanstack/react-query";
import type { Quote } from "@toolshop/shared/quote-offers";
import { Link } from "react-router";
import { Money } from "../../../components/money";
import { PagedList } from "../../../components/paged-list";
import { myQuotesQueryOptions } from "../api/my-quotes-api";
import { QuoteDate, QuoteStateBadge, quoteSummary, useOfferTotal } from "../quote-view";

/** /dashboard/quotes: the customer's requests and offers, newest first, a page at a time. */
export function MyQuotes() {
  const query = useInfiniteQuery(myQuotesQueryOptions());
  return (
    <PagedList
      query={query}
      pageItems={(page) => page.body}
      pendingLabel="Loading your quotes"
      errorTitle="Your quotes could not be loaded."
      emptyText="You have not asked for a quote yet."
      noun={["quote", "quotes"]}
    >
      {(quotes, itemProps) => (
        <ul className="flex flex-col gap-4" aria-label="Your quotes">
          {quotes.map((quote, index) => (
            <li key={quote._id} {...itemProps(index)}>
              <MyQuoteCard quote={quote} />
            </li>
          ))}
        </ul>
      )}
    </PagedList>
  );
}

function MyQuoteCard({ quote }: { quote: Quote }) {
  const headingId = `quote-${quote._id}`;
  const total = useOfferTotal(quote);
  const waiting = quote.state === "offered";
  return (
    <article
      aria-labelledby={headingId}
      className={`card border bg-base-100 ${waiting ? "border-primary/50 shadow-sm" : "border-base-300"}`}
    >
      <div className="card-body gap-2 p-4 sm:p-6">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h2 id={headingId} className="card-title min-w-0 text-lg break-words">
            {quoteSummary(quote)}
          </h2>
          <QuoteStateBadge state={quote.state} />
        </div>
        <p className="text-sm text-base-content/80">
          Asked <QuoteDate at={quote.createdAt} />
          {quote.company ? ` for ${quote.company}` : null}
        </p>
        {total ? (
          <p>
            <span className="font-semibold">
              Offer total <Money amount={total.gross} />
            </span>
            {waiting && quote.validUntil ? (
              <span className="text-base-content/80">
                {" "}
                · valid until <QuoteDate at={quote.validUntil} />
              </span>
            ) : null}
          </p>
        ) : null}
        <Link
          to={`/dashboard/quotes/${encodeURIComponent(quote._id)}`}
          className={`btn btn-sm self-start ${waiting ? "btn-primary" : "btn-outline"}`}
        >
          {waiting ? "See the offer" : "Details"}
          <span className="sr-only">: {quoteSummary(quote)}</span>
        </Link>
      </div>
    </article>
  );
}

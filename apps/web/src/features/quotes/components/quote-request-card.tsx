import type { StoredQuote } from "@toolshop/shared/quotes";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { SkuLabel } from "../../../components/sku-label";
import { StatusBadge } from "../../../components/status-badge";
import { formatCount } from "../../../lib/format";
import { notify } from "../../../lib/toast";
import { useMarkQuoteHandled } from "../api/mark-quote-handled";

export const quoteDateFormat = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short" });

type Requester = Pick<StoredQuote, "email" | "phone" | "company" | "tool" | "quantity">;

/**
 * Who asks and, for a visitor's message, the tool and quantity in their words; an empty field is left
 * out. `children` adds rows (a <dt> and its <dd>).
 */
export function RequesterDetails({ quote, children }: { quote: Requester; children?: ReactNode }) {
  const details: [string, string][] = [
    ["Email", quote.email],
    ["Phone", quote.phone],
    ["Company", quote.company],
    ["Tool asked for", quote.tool],
    ["Quantity asked for", quote.quantity === null ? "" : String(quote.quantity)],
  ];
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      {details
        .filter(([, value]) => value !== "")
        .map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium">{label}</dt>
            <dd className="min-w-0 break-all">
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
      {children}
    </dl>
  );
}

interface QuoteRequestCardProps {
  quote: StoredQuote;
  /** The list's address with this request open (its filters kept, for the way back). */
  openSearch: string;
}

/**
 * One request in the owner's list: who asks, when, where it stands, and what they wrote; "Open" shows
 * the request and its offer. A request still waiting may be marked handled (answered outside the
 * shop, by mail or phone), which takes it off the menu's count.
 */
export function QuoteRequestCard({ quote, openSearch }: QuoteRequestCardProps) {
  const mark = useMarkQuoteHandled();
  const headingId = `quote-${quote._id}`;
  const waiting = quote.state === "requested";
  const toggle = () =>
    mark.mutate(
      { id: quote._id, handled: !quote.handled },
      { onError: (error) => notify.error(error.message) },
    );

  return (
    <article
      aria-labelledby={headingId}
      className={`card border bg-base-100 ${waiting && !quote.handled ? "border-primary/40 shadow-sm" : "border-base-300"}`}
    >
      <div className="card-body gap-3 p-4 sm:p-6">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id={headingId} className="card-title min-w-0 break-all">
            {quote.name}
          </h2>
          <div className="flex flex-wrap gap-1">
            <StatusBadge kind="quote" value={quote.state} />
            {waiting && quote.handled ? <span className="badge badge-ghost">Handled</span> : null}
          </div>
        </div>
        <p className="text-sm text-base-content/70">
          Asked <time dateTime={quote.createdAt}>{quoteDateFormat.format(new Date(quote.createdAt))}</time>
        </p>
        <RequesterDetails quote={quote} />
        {quote.lines.length > 0 ? (
          <div className="text-sm">
            <h3 className="font-medium" id={`${headingId}-tools`}>
              Tools
            </h3>
            <ul aria-labelledby={`${headingId}-tools`} className="list-disc ps-5">
              {quote.lines.map((line) => (
                // A tool is asked for once per request: its part number and name tell its line.
                <li key={`${line.sku ?? ""} ${line.name}`} className="break-words">
                  {formatCount(line.quantity)} × {line.name} <SkuLabel sku={line.sku} />
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {quote.message ? (
          <p className="line-clamp-3 break-words whitespace-pre-line">{quote.message}</p>
        ) : null}
        <div className="card-actions">
          <Link
            id={`open-${quote._id}`}
            to={{ search: openSearch }}
            className={`btn btn-sm ${waiting ? "btn-primary" : "btn-outline"}`}
          >
            {waiting ? "Open and price" : "Open"}
            <span className="sr-only"> the request from {quote.name}</span>
          </Link>
          {waiting ? (
            <button type="button" className="btn btn-sm btn-ghost" disabled={mark.isPending} onClick={toggle}>
              {quote.handled ? "Mark as open" : "Mark handled"}
              <span className="sr-only"> (request from {quote.name})</span>
            </button>
          ) : null}
        </div>
      </div>
    </article>
  );
}

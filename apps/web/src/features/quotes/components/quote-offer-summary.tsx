import { QUOTE_STATE_LABELS } from "@toolshop/shared/quote-lifecycle";
import type { Quote } from "@toolshop/shared/quote-offers";
import { Money } from "../../../components/money";
import { SkuLabel } from "../../../components/sku-label";
import { formatCount } from "../../../lib/format";
import { quoteDateFormat } from "./quote-request-card";

const dayFormat = new Intl.DateTimeFormat("en", { dateStyle: "long" });

/**
 * A quote's lines as they stand: what was asked (tool and quantity), and once offered the unit price,
 * the line's total, the offer's total, its note and the day it ends.
 */
export function QuoteOfferSummary({ quote }: { quote: Quote }) {
  if (quote.lines.length === 0) return <p className="text-base-content/80">No tools are named yet.</p>;
  return (
    <div className="flex flex-col gap-3">
      <ul aria-label="Lines" className="divide-y divide-base-300 rounded-box border border-base-300">
        {quote.lines.map((line, index) => (
          <li
            key={line.toolId ?? `gone-${index}`}
            className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 p-3"
          >
            <span className="min-w-0 break-words">
              {formatCount(line.quantity)} × {line.name} <SkuLabel sku={line.sku} />
              {line.toolId === null ? <span className="text-base-content/70"> (no longer sold)</span> : null}
            </span>
            {line.unitPrice !== null && line.total !== null ? (
              <span className="text-sm">
                <Money amount={line.unitPrice} /> each · <Money amount={line.total} />
              </span>
            ) : null}
          </li>
        ))}
      </ul>
      {quote.total !== null ? (
        <p className="text-lg font-semibold">
          Offer total <Money amount={quote.total} />
        </p>
      ) : null}
      {quote.validUntil ? (
        <p>
          Valid until <time dateTime={quote.validUntil}>{dayFormat.format(new Date(quote.validUntil))}</time>
        </p>
      ) : null}
      {quote.note ? (
        <p className="break-words whitespace-pre-line">
          <span className="font-medium">Note: </span>
          {quote.note}
        </p>
      ) : null}
    </div>
  );
}

/** Every state the quote entered, oldest first, each dated. */
export function QuoteHistory({ history }: { history: Quote["history"] }) {
  return (
    <section aria-labelledby="quote-history-title" className="flex flex-col gap-2">
      <h3 id="quote-history-title" className="font-semibold">
        History
      </h3>
      <ol className="flex flex-col gap-1 text-sm">
        {history.map((entry) => (
          <li key={`${entry.state}-${entry.at}`} className="flex flex-wrap gap-x-3">
            <span className="font-medium">{QUOTE_STATE_LABELS[entry.state]}</span>
            <time dateTime={entry.at} className="text-base-content/70">
              {quoteDateFormat.format(new Date(entry.at))}
            </time>
          </li>
        ))}
      </ol>
    </section>
  );
}

import type { Quote } from "@toolshop/shared/quote-offers";
import { LineTool } from "../../../components/line-tool";
import { Money } from "../../../components/money";
import { type TaxedTotal, TaxRows } from "../../../components/tax-summary";
import { formatCount } from "../../../lib/format";

const CELL = "px-1 sm:px-3";

const percent = new Intl.NumberFormat("en", { maximumFractionDigits: 2 });
const formatPercent = (value: number) => `${percent.format(value)}%`;

interface OfferLinesProps {
  quote: Quote;
  /** The offer's total with tax; null until there is an offer (the lines then have no prices). */
  total: TaxedTotal | null;
  /** The server's refusal of an accept, which names each short line: those are marked. */
  refusal: string | null;
}

/** The quote's tools: quantity, and once offered, unit price and line total, then the total as the cart shows it. */
export function OfferLines({ quote, total, refusal }: OfferLinesProps) {
  const priced = total !== null;
  return (
    <section
      aria-labelledby="quote-lines-heading"
      className="flex flex-col gap-3 rounded-box border border-base-300 bg-base-100 p-4 sm:p-6"
    >
      <h2 id="quote-lines-heading" className="text-xl font-semibold">
        Tools
      </h2>
      {quote.lines.length === 0 ? (
        <p>
          {quote.tool
            ? `${quote.quantity === null ? "" : `${formatCount(quote.quantity)} × `}${quote.tool}, as your message asked.`
            : "Your message named no tool: the shop will price what it asked for."}
        </p>
      ) : (
        <table className="table w-full text-sm">
          <thead>
            <tr>
              <th scope="col" className={`w-[44%] text-left ${CELL}`}>
                Tool
              </th>
              <th scope="col" className={`text-right ${CELL}`}>
                Qty
              </th>
              {priced ? (
                <>
                  <th scope="col" className={`text-right ${CELL}`}>
                    Unit price
                  </th>
                  <th scope="col" className={`text-right ${CELL}`}>
                    Total
                  </th>
                </>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {quote.lines.map((line, index) => {
              const short = refusal?.includes(line.name) ?? false;
              return (
                // A tool is in a quote once; a tool that left the catalogue has no id, hence the index.
                <tr key={line.toolId ?? `line-${index}`} className={short ? "bg-error/10" : undefined}>
                  <td className={CELL}>
                    <LineTool name={line.name} image={line.image} sku={line.sku} />
                    {short ? <p className="mt-1 text-error">Not enough in stock for this quantity.</p> : null}
                  </td>
                  <td className={`text-right ${CELL}`}>{formatCount(line.quantity)}</td>
                  {priced ? (
                    <>
                      <td className={`text-right ${CELL}`}>
                        {line.unitPrice === null ? null : <Money amount={line.unitPrice} />}
                        {line.listPrice !== null &&
                        line.unitPrice !== null &&
                        line.unitPrice < line.listPrice ? (
                          <span className="block text-xs text-base-content/70">
                            list <Money amount={line.listPrice} />
                          </span>
                        ) : null}
                      </td>
                      <td className={`text-right font-semibold ${CELL}`}>
                        {line.total === null ? null : <Money amount={line.total} />}
                      </td>
                    </>
                  ) : null}
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {total ? (
        <div className="flex flex-col items-end gap-1">
          {quote.discountPercent === null ? null : (
            <p className="text-sm">Discount {formatPercent(quote.discountPercent)} off every unit price</p>
          )}
          {quote.freight === null ? null : (
            <p className="text-sm">
              Freight <Money amount={quote.freight} />
            </p>
          )}
          <TaxRows total={total} />
          <p className="text-xl font-bold">
            Total <Money amount={total.gross} />
          </p>
        </div>
      ) : (
        <p className="text-base-content/80">No prices yet: the shop will mail you its offer.</p>
      )}
    </section>
  );
}

import type { OverviewDay } from "@toolshop/shared/overview";
import { formatCount, formatPrice } from "../../../lib/format";
import { dayLabel as label, paidOrdersText } from "../chart-days";

/**
 * The chart's figures as text: a summary sentence and, behind a disclosure, the table of every day.
 * Screen readers get the same figures as the picture, and anyone may open the exact numbers.
 */
export function DailyFiguresTable({ series }: { series: OverviewDay[] }) {
  const best = series.reduce<OverviewDay | undefined>(
    (top, day) => (day.revenue > (top?.revenue ?? 0) ? day : top),
    undefined,
  );
  return (
    <>
      <p className="text-sm text-base-content/70">
        {best
          ? `Days are UTC days. The best day was ${label(best)}, with ${formatPrice(best.revenue)} from ${paidOrdersText(best.paidOrders)}.`
          : "Days are UTC days. No order was paid in this period."}
      </p>
      <details>
        <summary className="cursor-pointer text-sm font-medium">Show the figures per day as a table</summary>
        {/* Scrolls on its own: focusable, so a keyboard can scroll it too. */}
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus (axe scrollable-region-focusable) */}
        <section className="max-h-80 overflow-auto" tabIndex={0} aria-label="Figures per day">
          <table className="table table-sm">
            <caption className="sr-only">Revenue and paid orders per day</caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col" className="text-right">
                  Revenue
                </th>
                <th scope="col" className="text-right">
                  Paid orders
                </th>
              </tr>
            </thead>
            <tbody>
              {series.map((day) => (
                <tr key={day.day}>
                  <th scope="row" className="font-normal">
                    <time dateTime={day.day}>{label(day)}</time>
                  </th>
                  <td className="text-right tabular-nums">{formatPrice(day.revenue)}</td>
                  <td className="text-right tabular-nums">{formatCount(day.paidOrders)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </details>
    </>
  );
}

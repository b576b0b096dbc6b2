import { useQuery } from "@tanstack/react-query";
import {
  DEFAULT_OVERVIEW_PERIOD,
  type Overview,
  type OverviewPeriod,
  overviewPeriods,
} from "@toolshop/shared/overview";
import { PAGE_PATHS } from "@toolshop/shared/page-paths";
import { lazy, type ReactNode, Suspense, useId } from "react";
import { Link, useSearchParams } from "react-router";
import { QueryView } from "../../../components/query-view";
import { Spinner } from "../../../components/spinner";
import { formatCount, formatPrice } from "../../../lib/format";
import { overviewQueryOptions } from "../api/get-overview";
import { DailyFiguresTable } from "./daily-figures-table";

// The chart library comes with the chart's own chunk, fetched once the figures are there.
const RevenueChart = lazy(() => import("./revenue-chart"));

const isPeriod = (value: string | null): value is `${OverviewPeriod}` =>
  overviewPeriods.some((period) => String(period) === value);

/** The owner's overview: figures, the revenue chart (30 or 90 days, ?days= in the URL) and the lists. */
export function OwnerOverview() {
  const [params, setParams] = useSearchParams();
  const param = params.get("days");
  const days: OverviewPeriod = isPeriod(param) ? (Number(param) as OverviewPeriod) : DEFAULT_OVERVIEW_PERIOD;
  const query = useQuery(overviewQueryOptions(days));
  const choose = (period: OverviewPeriod) =>
    setParams(period === DEFAULT_OVERVIEW_PERIOD ? {} : { days: String(period) }, { replace: true });

  return (
    <div className="flex flex-col gap-6">
      <fieldset className="join" aria-label="Period">
        {overviewPeriods.map((period) => (
          <button
            key={period}
            type="button"
            className={`btn btn-sm join-item ${period === days ? "btn-primary" : ""}`}
            aria-pressed={period === days}
            onClick={() => choose(period)}
          >
            {period} days
          </button>
        ))}
      </fieldset>
      <QueryView
        query={query}
        pendingLabel="Loading the overview"
        errorTitle="The overview could not be loaded."
      >
        {(overview) => <OverviewFigures overview={overview} />}
      </QueryView>
    </div>
  );
}

function OverviewFigures({ overview }: { overview: Overview }) {
  const { totals, openQuotes, unpaidOrders, lowStock } = overview;
  return (
    <>
      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label="Figures">
        <FigureCard label={`Revenue, ${overview.days} days`} value={formatPrice(totals.revenue)} />
        <FigureCard label={`Paid orders, ${overview.days} days`} value={formatCount(totals.paidOrders)} />
        <FigureCard
          label="Open quote requests"
          value={`${formatCount(openQuotes.count)}${openQuotes.more ? "+" : ""}`}
          to={`${PAGE_PATHS.quoteRequests}?state=requested`}
        />
        <FigureCard
          label="Unpaid orders"
          value={formatCount(unpaidOrders)}
          to={`${PAGE_PATHS.manageOrders}?status=unpaid`}
        />
      </ul>
      <section aria-labelledby="overview-chart-heading" className="card bg-base-100 shadow-sm">
        <div className="card-body gap-3 p-4">
          <h2 id="overview-chart-heading" className="card-title text-lg">
            Revenue and paid orders per day
          </h2>
          <Suspense fallback={<Spinner label="Loading the chart" />}>
            <RevenueChart series={overview.series} />
          </Suspense>
          <DailyFiguresTable series={overview.series} />
        </div>
      </section>
      <div className="grid gap-6 lg:grid-cols-2">
        <ListCard title="Top tools by revenue" empty="No tool sold in this period.">
          {overview.topTools.map((tool) => (
            <li key={tool.toolId} className="flex justify-between gap-3">
              <Link className="link link-hover break-words" to={PAGE_PATHS.tool.replace(":id", tool.toolId)}>
                {tool.name}
              </Link>
              <span className="shrink-0 text-right tabular-nums">
                {formatPrice(tool.revenue)}{" "}
                <span className="text-base-content/70">({formatCount(tool.quantity)} sold)</span>
              </span>
            </li>
          ))}
        </ListCard>
        <ListCard
          title={`Low stock (${formatCount(lowStock.count)})`}
          empty="Every tool has stock above its threshold."
        >
          {lowStock.tools.map((tool) => (
            <li key={tool.toolId} className="flex justify-between gap-3">
              <Link
                className="link link-hover break-words"
                to={`${PAGE_PATHS.manageProducts}?q=${encodeURIComponent(tool.name)}`}
              >
                {tool.name}
              </Link>
              <span className="shrink-0 text-right tabular-nums">
                {formatCount(tool.availableQuantity)} left{" "}
                <span className="text-base-content/70">
                  (below {formatCount(tool.threshold)}
                  {tool.thresholdIsDefault ? ", minimum × 2" : ""})
                </span>
              </span>
            </li>
          ))}
        </ListCard>
      </div>
    </>
  );
}

function FigureCard({ label, value, to }: { label: string; value: string; to?: string }) {
  const body = (
    <>
      <span className="text-sm text-base-content/70">{label}</span>
      <span className="text-2xl font-bold tabular-nums">{value}</span>
    </>
  );
  const className = "card bg-base-100 shadow-sm p-4 flex flex-col gap-1 h-full";
  return (
    <li>
      {to ? (
        <Link to={to} className={`${className} hover:bg-base-200`}>
          {body}
        </Link>
      ) : (
        <div className={className}>{body}</div>
      )}
    </li>
  );
}

function ListCard({ title, empty, children }: { title: string; empty: string; children: ReactNode[] }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="card bg-base-100 shadow-sm">
      <div className="card-body gap-3 p-4">
        <h2 id={headingId} className="card-title text-lg">
          {title}
        </h2>
        {children.length === 0 ? (
          <p className="text-base-content/70">{empty}</p>
        ) : (
          <ul className="flex flex-col gap-2">{children}</ul>
        )}
      </div>
    </section>
  );
}

// The owner's overview (issue 50, decisions 0046 and 0048): each figure from one statement, the five
// together; the sales figures from the per-day sales tables (sales.ts), not from the orders.
// Days are UTC calendar days: the shop has no time zone of its own, and its timestamps are UTC.
import type { Database } from "@toolshop/db/client";
import {
  OVERVIEW_LOW_STOCK_LIMIT,
  OVERVIEW_TOP_TOOLS,
  type Overview,
  type OverviewPeriod,
} from "@toolshop/shared/overview";
import { sql } from "drizzle-orm";
import { minorToAmount } from "../../lib/money";
import { countOpenQuotes } from "../quotes/service";

/** The period's first day, `days - 1` days before `today` (YYYY-MM-DD). */
const periodFirstDay = (days: OverviewPeriod, today: string) => sql`(${today}::date - ${days - 1}::int)`;

async function rows<Row>(db: Database, query: ReturnType<typeof sql>): Promise<Row[]> {
  // Both drivers (pg and PGlite) answer raw SQL with its rows in `rows`.
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

/**
 * Revenue and paid orders per UTC day of payment, every day of the period (none: zero), from the
 * per-day sales kept as orders are paid and refunded (sales.ts, decision 0048): one row a day. Revenue
 * is what the orders kept: a paid, shipped or delivered order's total less its lines refunded one by
 * one (on the day it was paid); a wholly refunded or cancelled order is no revenue.
 */
function seriesQuery(days: OverviewPeriod, today: string) {
  return sql`
    select to_char(d.day, 'YYYY-MM-DD') as day, coalesce(s.revenue_cents, 0)::bigint as cents,
      coalesce(s.paid_orders, 0)::int as orders
    from generate_series(${periodFirstDay(days, today)}, ${today}::date, interval '1 day') as d(day)
    left join sales_by_day s on s.day = d.day
    order by d.day`;
}

/**
 * The tools that brought the most revenue in the period (their lines, less refunded units): summed per
 * tool from the index on the per-day tool sales alone, before the few totals meet the tools' names.
 */
function topToolsQuery(days: OverviewPeriod, today: string) {
  return sql`
    select s.tool_id, t.name, s.cents, s.quantity
    from (
      select tool_id, sum(revenue_cents)::bigint as cents, sum(quantity)::int as quantity
      from tool_sales_by_day where day >= ${periodFirstDay(days, today)}
      group by tool_id
      having sum(quantity) > 0
    ) s
    join tools t on t.id = s.tool_id
    order by s.cents desc, t.name
    limit ${OVERVIEW_TOP_TOOLS}`;
}

/** Tools whose stock is below their threshold (the owner's, or the minimum order times two), lowest first. */
const lowStockQuery = sql`
  select id, name, available_quantity, coalesce(low_stock_threshold, min_quantity * 2) as threshold,
    low_stock_threshold is null as is_default, count(*) over ()::int as total
  from tools
  where available_quantity < coalesce(low_stock_threshold, min_quantity * 2)
  order by available_quantity, name, id
  limit ${OVERVIEW_LOW_STOCK_LIMIT}`;

const unpaidQuery = sql`select count(*)::int as count from orders where status = 'unpaid'`;

type Cents = string | number;

/** The period's sales figures: what the orders' payments and refunds change (and the tools' names). */
export interface SalesFigures {
  series: { day: string; cents: Cents; orders: number }[];
  top: { tool_id: string; name: string; cents: Cents; quantity: number }[];
}

/** The UTC calendar day now, YYYY-MM-DD: the last day of every period. */
export const utcToday = () => new Date().toISOString().slice(0, 10);

/** The sales figures of the `days` ending `today` (a UTC day, YYYY-MM-DD). */
export async function salesFigures(db: Database, days: OverviewPeriod, today: string): Promise<SalesFigures> {
  const [series, top] = await Promise.all([
    rows<SalesFigures["series"][number]>(db, seriesQuery(days, today)),
    rows<SalesFigures["top"][number]>(db, topToolsQuery(days, today)),
  ]);
  return { series, top };
}

/**
 * The whole overview; `sales` answers the sales figures (the route keeps them until an order is paid or
 * refunded or a tool changes), the other figures are read each time.
 */
export async function overview(
  db: Database,
  days: OverviewPeriod,
  currency: string,
  sales: (days: OverviewPeriod) => Promise<SalesFigures>,
): Promise<Overview> {
  const money = (cents: Cents) => minorToAmount(Number(cents), currency);
  const [{ series, top }, low, openQuotes, unpaid] = await Promise.all([
    sales(days),
    rows<{
      id: string;
      name: string;
      available_quantity: number;
      threshold: number;
      is_default: boolean;
      total: number;
    }>(db, lowStockQuery),
    countOpenQuotes(db),
    rows<{ count: number }>(db, unpaidQuery),
  ]);
  const totalCents = series.reduce((sum, day) => sum + Number(day.cents), 0);
  return {
    days,
    series: series.map((day) => ({ day: day.day, revenue: money(day.cents), paidOrders: day.orders })),
    totals: { revenue: money(totalCents), paidOrders: series.reduce((sum, day) => sum + day.orders, 0) },
    topTools: top.map((tool) => ({
      toolId: tool.tool_id,
      name: tool.name,
      revenue: money(tool.cents),
      quantity: tool.quantity,
    })),
    lowStock: {
      count: low[0]?.total ?? 0,
      tools: low.map((tool) => ({
        toolId: tool.id,
        name: tool.name,
        availableQuantity: tool.available_quantity,
        threshold: tool.threshold,
        thresholdIsDefault: tool.is_default,
      })),
    },
    openQuotes,
    unpaidOrders: unpaid[0]?.count ?? 0,
  };
}

// The owner's overview (issue 50, decision 0046): each figure from one statement, the five together.
// Days are UTC calendar days: the shop has no time zone of its own, and its timestamps are UTC.
import type { Database } from "@toolshop/db/client";
import {
  OVERVIEW_LOW_STOCK_LIMIT,
  OVERVIEW_TOP_TOOLS,
  type Overview,
  type OverviewPeriod,
  REVENUE_STATUSES,
} from "@toolshop/shared/overview";
import { sql } from "drizzle-orm";
import { minorToAmount } from "../../lib/money";
import { countOpenQuotes } from "../quotes/service";

const revenueStatuses = sql.raw(REVENUE_STATUSES.map((status) => `'${status}'`).join(", "));
/** The first instant of the period: midnight UTC, `days - 1` days before today. */
const periodStart = (days: OverviewPeriod) =>
  sql`(((now() at time zone 'utc')::date - ${days - 1}::int)::timestamp at time zone 'utc')`;

async function rows<Row>(db: Database, query: ReturnType<typeof sql>): Promise<Row[]> {
  // Both drivers (pg and PGlite) answer raw SQL with its rows in `rows`.
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

/**
 * Revenue and paid orders per UTC day of payment, every day of the period (none: zero). Revenue is
 * what the orders kept: a paid, shipped or delivered order's total less its lines refunded one by one
 * (on the day it was paid); a wholly refunded or cancelled order is no revenue.
 */
function seriesQuery(days: OverviewPeriod) {
  return sql`
    with paid as (
      select (paid_at at time zone 'utc')::date as day, count(*)::int as orders, sum(total_cents)::bigint as cents
      from orders where paid_at >= ${periodStart(days)} and status in (${revenueStatuses})
      group by 1
    ), refunded as (
      select (o.paid_at at time zone 'utc')::date as day, sum(l.unit_price_cents * l.refunded_quantity)::bigint as cents
      from order_lines l join orders o on o.id = l.order_id
      where l.refunded_quantity > 0 and o.paid_at >= ${periodStart(days)} and o.status in (${revenueStatuses})
      group by 1
    )
    select to_char(d.day, 'YYYY-MM-DD') as day,
      (coalesce(p.cents, 0) - coalesce(r.cents, 0))::bigint as cents, coalesce(p.orders, 0) as orders
    from generate_series((now() at time zone 'utc')::date - ${days - 1}::int, (now() at time zone 'utc')::date,
      interval '1 day') as d(day)
    left join paid p on p.day = d.day
    left join refunded r on r.day = d.day
    order by d.day`;
}

/** The tools that brought the most revenue in the period (their lines, less refunded units). */
function topToolsQuery(days: OverviewPeriod) {
  return sql`
    select l.tool_id, t.name, sum(l.unit_price_cents * (l.quantity - l.refunded_quantity))::bigint as cents,
      sum(l.quantity - l.refunded_quantity)::int as quantity
    from orders o
    join order_lines l on l.order_id = o.id
    join tools t on t.id = l.tool_id
    where o.paid_at >= ${periodStart(days)} and o.status in (${revenueStatuses})
    group by l.tool_id, t.name
    having sum(l.quantity - l.refunded_quantity) > 0
    order by cents desc, t.name
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

export async function overview(db: Database, days: OverviewPeriod, currency: string): Promise<Overview> {
  const money = (cents: Cents) => minorToAmount(Number(cents), currency);
  const [series, top, low, openQuotes, unpaid] = await Promise.all([
    rows<{ day: string; cents: Cents; orders: number }>(db, seriesQuery(days)),
    rows<{ tool_id: string; name: string; cents: Cents; quantity: number }>(db, topToolsQuery(days)),
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

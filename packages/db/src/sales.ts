// The per-day sales tables (sales_by_day, tool_sales_by_day; decision 0048) counted afresh from the
// orders. The server keeps them as orders are paid and refunded (apps/server/src/features/overview/
// sales.ts); this recount is for rows written without the server: the large seed, test fixtures. It
// is the count migration 0032 back-filled with, and the one the kept tables must always equal.
import { sql } from "drizzle-orm";
import type { Database } from "./client";
import { salesByDay, toolSalesByDay } from "./schema";

/** The statuses whose orders count as revenue: paid, and kept once shipped or delivered. */
const REVENUE_STATUSES = ["paid", "shipped", "delivered"] as const;

const revenueStatuses = sql.raw(REVENUE_STATUSES.map((status) => `'${status}'`).join(", "));

/** Replaces both tables' rows with the count from orders and their lines, in one transaction. */
export async function recountSales(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(salesByDay);
    await tx.delete(toolSalesByDay);
    await tx.execute(sql`
      insert into sales_by_day (day, paid_orders, revenue_cents)
      select (o.paid_at at time zone 'utc')::date, count(*), sum(o.total_cents - coalesce(r.cents, 0))
      from orders o
      left join (
        select order_id, sum(unit_price_cents * refunded_quantity) as cents
        from order_lines where refunded_quantity > 0 group by order_id
      ) r on r.order_id = o.id
      where o.status in (${revenueStatuses}) and o.paid_at is not null
      group by 1`);
    await tx.execute(sql`
      insert into tool_sales_by_day (day, tool_id, revenue_cents, quantity)
      select (o.paid_at at time zone 'utc')::date, l.tool_id,
        sum(l.unit_price_cents * (l.quantity - l.refunded_quantity)), sum(l.quantity - l.refunded_quantity)
      from orders o join order_lines l on l.order_id = o.id
      where o.status in (${revenueStatuses}) and o.paid_at is not null and l.tool_id is not null
      group by 1, 2`);
  });
}

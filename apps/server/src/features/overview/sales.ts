// The per-day sales tables kept as orders are paid and refunded (decision 0048), in the transaction
// that pays or refunds, so the owner's overview reads a day's figures from one row and a period's top
// tools from a row per tool and day, never from the orders. What an order counts (0046): while it is
// paid, shipped or delivered, its total less the units refunded line by line, on the UTC day it was
// paid; refunded whole, nothing. Each function below applies one change of that count; the recount
// from the orders (packages/db/src/sales.ts) must always give the same rows.
import type { Database } from "@toolshop/db/client";
import { salesByDay, toolSalesByDay } from "@toolshop/db/schema";
import { sql } from "drizzle-orm";
import type { OrderLineRow, OrderRow } from "../orders/row-types";

/** Units of an order's lines that start or stop counting. */
interface LineUnits {
  line: Pick<OrderLineRow, "toolId" | "unitPriceCents">;
  quantity: number;
}

/** The UTC calendar day an order was paid (the overview's days are UTC days). */
const dayPaid = (paidAt: Date) => paidAt.toISOString().slice(0, 10);

const unitsCents = (units: readonly LineUnits[]) =>
  units.reduce((sum, { line, quantity }) => sum + line.unitPriceCents * quantity, 0);

/**
 * Adds to a day's row and its tools' rows (`sign` -1 takes away). The tools' rows are written in the
 * order of their ids, so that two payments of the same tools cannot deadlock; a tool deleted
 * meanwhile is skipped (its sales went with it), and one being deleted is held until this commits.
 */
async function addToDay(
  tx: Database,
  order: Pick<OrderRow, "paidAt">,
  sign: 1 | -1,
  change: { orders: number; cents: number; units: readonly LineUnits[] },
): Promise<void> {
  // An order without a payment date was never counted (the recount skips it too): one written by hand.
  if (!order.paidAt) return;
  const day = dayPaid(order.paidAt);
  await tx
    .insert(salesByDay)
    .values({ day, paidOrders: sign * change.orders, revenueCents: sign * change.cents })
    .onConflictDoUpdate({
      target: salesByDay.day,
      set: {
        paidOrders: sql`${salesByDay.paidOrders} + excluded.paid_orders`,
        revenueCents: sql`${salesByDay.revenueCents} + excluded.revenue_cents`,
      },
    });
  const byTool = new Map<string, { cents: number; quantity: number }>();
  for (const { line, quantity } of change.units) {
    if (!line.toolId || quantity === 0) continue;
    const tool = byTool.get(line.toolId) ?? { cents: 0, quantity: 0 };
    tool.cents += line.unitPriceCents * quantity;
    tool.quantity += quantity;
    byTool.set(line.toolId, tool);
  }
  if (byTool.size === 0) return;
  const rows = [...byTool].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const values = sql.join(
    rows.map(
      ([toolId, { cents, quantity }]) =>
        sql`(${toolId}::uuid, ${sign * cents}::bigint, ${sign * quantity}::integer)`,
    ),
    sql`, `,
  );
  await tx.execute(sql`
    insert into ${toolSalesByDay} (day, tool_id, revenue_cents, quantity)
    select ${day}::date, t.id, v.cents, v.quantity
    from (values ${values}) as v(tool_id, cents, quantity)
    join tools t on t.id = v.tool_id
    order by t.id
    for key share of t
    on conflict (day, tool_id) do update set
      revenue_cents = ${toolSalesByDay}.revenue_cents + excluded.revenue_cents,
      quantity = ${toolSalesByDay}.quantity + excluded.quantity`);
}

/** What an order counts while it is paid, shipped or delivered: itself, its total and its units kept. */
function countOf(order: OrderRow, lines: readonly OrderLineRow[]) {
  const refundedBefore = lines.map((line) => ({ line, quantity: line.refundedQuantity }));
  return {
    orders: 1,
    cents: order.totalCents - unitsCents(refundedBefore),
    units: lines.map((line) => ({ line, quantity: line.quantity - line.refundedQuantity })),
  };
}

/** An order that has just become paid in `tx`: its day gains the order, its total and its lines. */
export function countPaidOrder(tx: Database, order: OrderRow, lines: readonly OrderLineRow[]) {
  return addToDay(tx, order, 1, countOf(order, lines));
}

/** Units refunded line by line from a paid, shipped or delivered order: its day no longer counts them. */
export function uncountRefundedUnits(tx: Database, order: OrderRow, refunded: readonly LineUnits[]) {
  return addToDay(tx, order, -1, { orders: 0, cents: unitsCents(refunded), units: refunded });
}

/**
 * An order refunded whole in `tx`, read before its lines are marked refunded: its day loses the order
 * and what it still counted.
 */
export function uncountRefundedOrder(tx: Database, order: OrderRow, lines: readonly OrderLineRow[]) {
  return addToDay(tx, order, -1, countOf(order, lines));
}

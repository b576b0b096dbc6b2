// The order's lifecycle (issue 11): one transition table (packages/shared/src/order-lifecycle.ts, which
// the web reads too), and one guarded update per command. Every status change of an order goes through
// transitionOrder, so the table is the only place that says which change is legal, and every change
// leaves a line in the status history.
import type { Database } from "@toolshop/db/client";
import { orderLines, orderStatusHistory, orders } from "@toolshop/db/schema";
import { isAllowedTransition } from "@toolshop/shared/order-lifecycle";
import type { OrderStatus } from "@toolshop/shared/orders";
import { and, eq, type SQL, type Subquery, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { HttpError } from "../../lib/http-errors";
import { uncountRefundedOrder } from "../overview/sales";
import { linesOfOrders } from "./dto";
import type { OrderRow } from "./row-types";
import { putOrderStockBack } from "./stock";

const VERB: Record<OrderStatus, string> = {
  unpaid: "made unpaid",
  paid: "paid",
  shipped: "shipped",
  delivered: "marked delivered",
  cancelled: "cancelled",
  refunded: "refunded",
};

const STATE: Record<OrderStatus, string> = {
  unpaid: "has not been paid yet",
  paid: "is already paid",
  shipped: "has already shipped",
  delivered: "was delivered",
  cancelled: "was cancelled",
  refunded: "was refunded",
};

/** The 409 sentence for an illegal change: what the order is, and what it cannot become. */
export function illegalTransitionMessage(from: OrderStatus, to: OrderStatus): string {
  return `This order ${STATE[from]}, so it cannot be ${VERB[to]}.`;
}

export function assertTransition(from: OrderStatus, to: OrderStatus): void {
  if (!isAllowedTransition(from, to)) throw new HttpError(409, illegalTransitionMessage(from, to));
}

/**
 * Columns a transition may set beside the status (carrier and tracking number when shipping...): each a
 * value, or SQL (a placeholder of a prepared statement, `now()`).
 */
export type TransitionFields = {
  [Column in "carrier" | "trackingNumber" | "transactionId" | "paymentIntentId" | "paidAt" | "cancelReason"]?:
    | OrderRow[Column]
    | SQL;
};

/** More work for a transition's transaction, once the order has moved (a refund's credit note). */
export type AlsoInTransaction = (tx: Database, moved: OrderRow) => Promise<void>;

/**
 * Moves one order from `from` to `to`: a conditional update (WHERE status = from, and `condition` when
 * given) and the change's line in the history in one statement and, for a cancellation or a refund,
 * the stock not yet back on the shelf (stock.ts), in the same transaction. Answers the updated row, or
 * undefined when the order was not in `from` any more (a concurrent command won) or failed
 * `condition`: the caller re-reads and explains. A whole refund marks every line refunded, and takes
 * what the order still counted off its day's sales (overview/sales.ts).
 */
export async function transitionOrder(
  db: Database,
  orderId: string,
  from: OrderStatus,
  to: OrderStatus,
  fields: TransitionFields = {},
  condition?: SQL,
  alsoInTransaction?: AlsoInTransaction,
): Promise<OrderRow | undefined> {
  if (!releasesStock(to) && !alsoInTransaction) {
    const [row] = await transitionStatement(db, orderId, from, to, fields, condition);
    return row;
  }
  return db.transaction(async (tx) => {
    const [row] = await transitionStatement(tx, orderId, from, to, fields, condition);
    if (!row) return undefined;
    // Before the lines are marked refunded below: a refund's credit note reads what was left.
    await alsoInTransaction?.(tx, row);
    if (!releasesStock(to)) return row;
    await putOrderStockBack(tx, row.id);
    if (to === "refunded") {
      // Only a paid order may be refunded whole: the overview's sales no longer count what it kept.
      await uncountRefundedOrder(tx, row, (await linesOfOrders(tx, [row.id])).get(row.id) ?? []);
      await tx
        .update(orderLines)
        .set({ refundedQuantity: sql`${orderLines.quantity}` })
        .where(eq(orderLines.orderId, row.id));
    }
    return row;
  });
}

/**
 * The status change and its history line as one statement, not yet run: a hot caller prepares it once
 * (lib/prepared-queries.ts), with placeholders for the order's id and the fields' values. It gives no
 * stock back: transitionOrder does that for the changes that free stock.
 */
export function transitionStatement(...transition: Parameters<typeof transitionSteps>) {
  const [db] = transition;
  const { moved, steps } = transitionSteps(...transition);
  return db
    .with(...steps)
    .select()
    .from(moved);
}

/**
 * A transition as CTEs, for a statement that does more: `moved` answers the updated row, and `steps`
 * are the CTEs to put in its WITH (moved first). For a change that frees stock, use transitionOrder.
 */
export function transitionSteps(
  db: Database,
  orderId: string | SQL,
  from: OrderStatus,
  to: OrderStatus,
  fields: TransitionFields = {},
  condition?: SQL,
) {
  assertTransition(from, to);
  const moved = db.$with("moved").as(
    db
      .update(orders)
      .set({ ...fields, status: to })
      .where(and(eq(orders.id, orderId), eq(orders.status, from), condition))
      .returning(),
  );
  return { moved, steps: [moved, historyLines(db, moved, to)] };
}

/**
 * A CTE that writes one history line, `status` now, for every order row `changed` (a CTE) returns.
 * PostgreSQL runs a data-modifying CTE whether or not the main query reads it.
 */
export function historyLines(db: Database, changed: Subquery & { id: AnyPgColumn }, status: OrderStatus) {
  return db.$with("history").as(
    db
      .insert(orderStatusHistory)
      // Every column, in the table's order (Drizzle's rule for INSERT ... SELECT).
      .select(
        db
          .select({
            id: sql<string>`gen_random_uuid()`.as("id"),
            orderId: changed.id,
            status: sql<OrderStatus>`${status}`.as("status"),
            at: sql<Date>`now()`.as("at"),
          })
          .from(changed),
      )
      .returning({ id: orderStatusHistory.id }),
  );
}

/** A cancelled or refunded order's units go back on the shelf. */
function releasesStock(status: OrderStatus): boolean {
  return status === "cancelled" || status === "refunded";
}

/**
 * Runs one command: reads the order (404), refuses an illegal change (409 with a sentence), and applies
 * it with transitionOrder in a transaction. A lost race re-reads and answers the 409 of the new status.
 */
export async function runTransition(
  db: Database,
  orderId: string,
  to: OrderStatus,
  fields: TransitionFields = {},
  alsoInTransaction?: AlsoInTransaction,
): Promise<OrderRow> {
  for (;;) {
    const [current] = await db.select().from(orders).where(eq(orders.id, orderId));
    if (!current) throw new HttpError(404, "There is no order with this id.");
    assertTransition(current.status, to);
    const moved = await transitionOrder(
      db,
      orderId,
      current.status,
      to,
      fields,
      undefined,
      alsoInTransaction,
    );
    if (moved) return moved;
    // The status changed between the read and the update: judge the new one.
  }
}

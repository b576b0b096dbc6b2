// The order's lifecycle (issue 11): one transition table (packages/shared/src/order-lifecycle.ts, which
// the web reads too), and the guarded update that moves an order, with its line in the status history.
// This is the mechanism only: what a move checks before and does after is the order process
// (order-process.ts), through which every status change goes; a hot path that moves an order in a
// statement of its own (payment.ts) builds it from transitionSteps and runs the process's effects.
import type { Database } from "@toolshop/db/client";
import { orderStatusHistory, orders } from "@toolshop/db/schema";
import { isAllowedTransition } from "@toolshop/shared/order-lifecycle";
import type { OrderStatus } from "@toolshop/shared/orders";
import { and, eq, type SQL, type Subquery, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { HttpError } from "../../lib/http-errors";
import type { OrderRow } from "./row-types";

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

/**
 * The status change and its history line as one statement, not yet run: a hot caller prepares it once
 * (lib/prepared-queries.ts), with placeholders for the order's id and the fields' values. It runs no
 * effects: the order process (order-process.ts) does, in the same transaction.
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
 * are the CTEs to put in its WITH (moved first). The caller runs the process's effects after it.
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

// How a process sends orders to the database (DESIGN.md section 7): the queues that let only a few
// of one tool's or one customer's orders reach PostgreSQL at once and gather the others
// (docs/decisions/0024-one-tool-s-orders-in-batches.md, 0029-one-customer-s-orders-in-batches.md),
// and the call of place_orders (migration 0018) that places a batch.
import type { Database } from "@toolshop/db/client";
import { sql } from "drizzle-orm";
import { createKeyedBatcher } from "../../lib/keyed-batcher";
import { createPreparedQueries, plannedOnce } from "../../lib/prepared-queries";
import { orderViewColumns } from "./dto";
import { expiryCutoff, MAX_ORDER_TOTAL_CENTS } from "./place-order";

/**
 * How a process sends orders to the database. In the database, orders for one tool queue on its row
 * until each commits, and one customer's on their lock (place_orders), each holding a pooled
 * connection meanwhile: a sale on one tool, or one customer sending many orders at once, would
 * otherwise take every connection of the pool (10), and every other request would wait for one. So
 * one tool's orders go in at most TOOL_BATCHES_IN_FLIGHT calls at once, and one customer's in at most
 * CUSTOMER_CALLS_IN_FLIGHT; the orders arriving meanwhile wait in the process and go together: one
 * customer's for one tool in the same call, with the tool's other orders (one commit for all). One
 * per process and OrdersContext.
 */
export interface PlacingQueues {
  place(item: PlacingItem): Promise<PlacingOutcome>;
}

/** One tool's calls of place_orders at once: one holds the row while the next waits its turn. */
export const TOOL_BATCHES_IN_FLIGHT = 2;
/** One customer's calls at once: one holds their lock while the next waits its turn. */
export const CUSTOMER_CALLS_IN_FLIGHT = 2;
/** The most orders one call places: the row is held for all of them. */
export const MAX_ORDERS_PER_BATCH = 16;

export function createPlacingQueues(): PlacingQueues {
  const byTool = createKeyedBatcher(placeBatch, {
    limit: TOOL_BATCHES_IN_FLIGHT,
    maxBatch: MAX_ORDERS_PER_BATCH,
  });
  // A customer's waiting orders go a tool at a time: each tool's are one more call on their lock.
  const placeCustomersOrders = async (items: PlacingItem[]): Promise<PlacingOutcome[]> => {
    const outcomes: PlacingOutcome[] = [];
    for (const [toolId, positions] of positionsByTool(items)) {
      const placed = await byTool(
        toolId,
        positions.map((i) => items[i] as PlacingItem),
      ).catch((error: unknown) => positions.map(() => ({ error })));
      for (const [j, i] of positions.entries()) outcomes[i] = placed[j] as PlacingOutcome;
    }
    return outcomes;
  };
  const byCustomer = createKeyedBatcher(placeCustomersOrders, {
    limit: CUSTOMER_CALLS_IN_FLIGHT,
    maxBatch: MAX_ORDERS_PER_BATCH,
  });
  return {
    async place(item) {
      const [outcome] = await byCustomer(item.userId, [item]);
      if (!outcome) throw new Error("A placing queue answered nothing.");
      return outcome;
    },
  };
}

/** The items' positions grouped by tool, the tools in the order of their first item. */
function positionsByTool(items: PlacingItem[]): Map<string, number[]> {
  const groups = new Map<string, number[]>();
  for (const [i, item] of items.entries()) {
    const positions = groups.get(item.toolId);
    if (positions) positions.push(i);
    else groups.set(item.toolId, [i]);
  }
  return groups;
}

/** One order as a batch sends it. A queue serves one OrdersContext: its database and its cap. */
export interface PlacingItem {
  db: Database;
  maxUnpaid: number;
  userId: string;
  email: string;
  toolId: string;
  quantity: number;
  address: string;
  phone: string;
  idempotencyKey: string | null;
  requestHash: string | null;
}

export type PlacedRow = Awaited<ReturnType<ReturnType<typeof placeOrdersStatement>["execute"]>>[number];
export type PlacingOutcome = { row: PlacedRow } | { error: unknown };

/**
 * Places a batch of one tool's orders in one call. An error rolls the whole call back (a customer
 * deleted meanwhile, say): each order then goes again alone, so that only the one at fault fails.
 */
async function placeBatch(items: PlacingItem[]): Promise<PlacingOutcome[]> {
  const [first] = items;
  if (!first) return [];
  const { db, maxUnpaid } = first;
  if (items.some((item) => item.db !== db || item.maxUnpaid !== maxUnpaid)) {
    throw new Error("A placing queue serves one OrdersContext.");
  }
  try {
    const rows = await placeOrdersStatement(db).execute({
      users: items.map((item) => item.userId),
      emails: items.map((item) => item.email),
      tools: items.map((item) => item.toolId),
      quantities: items.map((item) => item.quantity),
      addresses: items.map((item) => item.address),
      phones: items.map((item) => item.phone),
      keys: items.map((item) => item.idempotencyKey),
      requestHashes: items.map((item) => item.requestHash),
      maxUnpaid,
      maxTotal: MAX_ORDER_TOTAL_CENTS,
      expiryCutoff: expiryCutoff(),
    });
    const byPosition = new Map(rows.map((row) => [row.n, row]));
    return items.map((_, i) => {
      const row = byPosition.get(i + 1);
      return row ? { row } : { error: new Error(`place_orders answered nothing for order ${i + 1}.`) };
    });
  } catch (error) {
    if (items.length === 1) return [{ error }];
    // One after another: a batch may hold many of one customer's orders, which would each wait on
    // their lock with a pooled connection.
    const outcomes: PlacingOutcome[] = [];
    for (const item of items) outcomes.push((await placeBatch([item]))[0] ?? { error });
    return outcomes;
  }
}

const prepared = createPreparedQueries();

/**
 * The call of place_orders, built once per database (decision 0016) and, a function's call having one
 * plan whatever its arguments, planned once per connection (decision 0020). The orders go as arrays,
 * one element per order.
 */
function placeOrdersStatement(db: Database) {
  return prepared(db, "place", () => {
    const value = (name: string) => sql.placeholder(name);
    const placed = db.$with("placed", placedColumns).as(
      sql`select * from place_orders(${value("users")}::uuid[], ${value("emails")}::text[],
        ${value("tools")}::uuid[], ${value("quantities")}::integer[], ${value("addresses")}::text[],
        ${value("phones")}::text[], ${value("keys")}::text[], ${value("requestHashes")}::text[],
        ${value("maxUnpaid")}, ${value("maxTotal")}, ${value("expiryCutoff")})`,
    );
    return db.with(placed).select().from(placed).prepare(plannedOnce("orders/place"));
  });
}

/** What place_orders answers per order: its position, and the order in its view's columns or why it was refused. */
const placedColumns = {
  n: sql<number>`n`.as("n"),
  ...orderViewColumns,
  refusal: sql<string | null>`refusal`.as("refusal"),
  detail: sql<string | null>`detail`.as("detail"),
};

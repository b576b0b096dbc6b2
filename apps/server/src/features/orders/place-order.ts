// POST /orders: placing an order (DESIGN.md section 7). One call of the database's place_orders function
// (migration 0018) claims the Idempotency-Key, checks the unpaid-order cap, takes the stock and writes
// the order with its history, atomically (docs/decisions/0018-placing-an-order-in-one-round-trip.md);
// one tool's orders that arrive together go in one call (docs/decisions/0024-one-tool-s-orders-in-
// batches.md). This file words its refusals and answers its replays.
import { createHash } from "node:crypto";
import type { Database } from "@toolshop/db/client";
import { idempotencyKeys, orders, type tools } from "@toolshop/db/schema";
import { type CreateOrderBody, type Order, orderSchema } from "@toolshop/shared/orders";
import { and, eq, lt, sql } from "drizzle-orm";
import { HttpError } from "../../lib/http-errors";
import { createKeyedBatcher } from "../../lib/keyed-batcher";
import { createPreparedQueries, plannedOnce } from "../../lib/prepared-queries";
import { type Actor, type OrdersContext, publish } from "./context";
import { orderViewColumns, toOrderResponse } from "./dto";

/** The most one order may cost: Stripe's limit for a card payment (999,999.99 in two-decimal currencies). */
export const MAX_ORDER_TOTAL_CENTS = 99_999_999;

/**
 * How long an Idempotency-Key is remembered. A checkout visit's retries come within minutes; a key used
 * again after a day is a new request (and its old row is only clutter).
 */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;
/** How often a process clears every customer's expired keys (an order takes over an expired key it reuses). */
export const IDEMPOTENCY_PRUNE_INTERVAL_MS = 60 * 60 * 1000;
/**
 * How many times an order is tried again when its tool could not be ordered and, read a moment later,
 * could (restocked or repriced in between).
 */
const ATTEMPTS = 3;

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
interface PlacingItem {
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

type PlacedRow = Awaited<ReturnType<ReturnType<typeof placeOrdersStatement>["execute"]>>[number];
type PlacingOutcome = { row: PlacedRow } | { error: unknown };

export interface CreatedOrder {
  order: Order;
  /** True when the Idempotency-Key had been used before: the first order is answered again. */
  replayed: boolean;
}

/** What a refusal reads of its tool. */
type ToolRow = Pick<typeof tools.$inferSelect, "name" | "priceCents" | "minQuantity" | "availableQuantity">;

/** The tool was not orderable when its stock was taken, but is now: the order is tried again. */
class OrderableMeanwhile extends Error {}

/**
 * Places an order: fills name, image and prices from the tool and the email from the token, and
 * reserves the stock with a conditional decrement (it can never go below zero, however many orders
 * race). With an idempotency key, a repeated request answers the first order instead. Publishes
 * OrderPlaced once committed (not for a replay: nothing changed).
 */
export async function createOrder(
  ctx: OrdersContext,
  user: Actor,
  body: CreateOrderBody,
  idempotencyKey?: string,
): Promise<CreatedOrder> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      const created = await placeOrder(ctx, user, body, idempotencyKey);
      if (!created.replayed) await publish(ctx, { type: "OrderPlaced", order: created.order });
      return created;
    } catch (error) {
      if (!(error instanceof OrderableMeanwhile)) throw error;
      if (attempt >= ATTEMPTS) {
        throw new HttpError(409, "This tool changed while you ordered. Please try again.");
      }
    }
  }
}

async function placeOrder(
  ctx: OrdersContext,
  user: Actor,
  body: CreateOrderBody,
  idempotencyKey: string | undefined,
): Promise<CreatedOrder> {
  const requestHash = idempotencyKey ? hashOf(body) : null;
  const outcome = await ctx.placingQueues.place({
    db: ctx.db,
    maxUnpaid: ctx.maxUnpaidOrders,
    userId: user.id,
    email: user.email.toLowerCase(),
    toolId: body.toolId,
    quantity: body.quantity,
    address: body.address,
    phone: body.phone,
    idempotencyKey: idempotencyKey ?? null,
    requestHash,
  });
  if ("error" in outcome) throw outcome.error;
  const { row } = outcome;
  if (row.refusal === "key-held") {
    // The key is held by an order placed before (or earlier in the same batch).
    if (!idempotencyKey || !requestHash) throw new Error("place_orders held a key it was not given.");
    return { order: await storedResponse(ctx, user.id, idempotencyKey, requestHash), replayed: true };
  }
  if (row.refusal) throw refusal(row.refusal, row.detail, ctx.maxUnpaidOrders, body.quantity);
  return { order: toOrderResponse(row, ctx), replayed: false };
}

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

/**
 * A refusal worded for the customer: the unpaid-order cap (each unpaid order holds stock that other
 * customers cannot order), or the tool as it was read right after its stock could not be taken: none,
 * a quantity below its minimum or beyond its stock, or too large to pay by card.
 */
function refusal(reason: string, detail: string | null, maxUnpaid: number, quantity: number): Error {
  if (reason === "unpaid-cap") {
    return new HttpError(
      409,
      `You already have ${maxUnpaid} unpaid orders. Please pay or delete one of them in My orders before placing another.`,
    );
  }
  const tool = JSON.parse(detail ?? "null") as ToolRow | null;
  if (!tool) return new HttpError(404, "There is no tool with this id.");
  refuseUnlessOrderable(tool, quantity);
  return new OrderableMeanwhile();
}

function expiryCutoff(now = Date.now()): Date {
  return new Date(now - IDEMPOTENCY_KEY_TTL_MS);
}

/** Deletes every Idempotency-Key older than IDEMPOTENCY_KEY_TTL_MS; answers how many went. */
export async function pruneExpiredIdempotencyKeys(db: Database, now = Date.now()): Promise<number> {
  const deleted = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, expiryCutoff(now)))
    .returning({ key: idempotencyKeys.key });
  return deleted.length;
}

/** The same body always hashes the same: the parsed body's keys come in the schema's order. */
function hashOf(body: CreateOrderBody): string {
  return createHash("sha256").update(JSON.stringify(body)).digest("hex");
}

async function storedResponse(
  ctx: OrdersContext,
  userId: string,
  key: string,
  requestHash: string,
): Promise<Order> {
  const [stored] = await ctx.db
    .select({
      body: idempotencyKeys.responseBody,
      requestHash: idempotencyKeys.requestHash,
      orderId: idempotencyKeys.orderId,
    })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  // A key stored before request hashes existed has none: it is answered as before.
  if (stored?.requestHash && stored.requestHash !== requestHash) {
    throw new HttpError(
      422,
      "This Idempotency-Key was already used for a different order. Please use a new key for a new order.",
    );
  }
  if (stored?.orderId) {
    const [row] = await ctx.db.select(orderViewColumns).from(orders).where(eq(orders.id, stored.orderId));
    if (!row) {
      throw new HttpError(
        409,
        "The order placed with this Idempotency-Key was deleted. Please use a new key for a new order.",
      );
    }
    return toOrderResponse(row, ctx);
  }
  // A key stored before 0014 kept its answer's text; one stored before orders had toolId and
  // holdsUntil answers them as unknown.
  if (!stored?.body) throw new Error("An Idempotency-Key was held without its order.");
  return orderSchema.parse({ toolId: null, holdsUntil: null, ...JSON.parse(stored.body) });
}

/** Refuses a quantity below the tool's minimum, beyond its stock, or too large to pay by card. */
function refuseUnlessOrderable(tool: ToolRow, quantity: number): void {
  if (quantity < tool.minQuantity) {
    throw new HttpError(400, `The minimum order for ${tool.name} is ${tool.minQuantity} units.`);
  }
  if (quantity > tool.availableQuantity) {
    throw new HttpError(
      409,
      tool.availableQuantity < tool.minQuantity
        ? `Not enough stock: ${tool.name} is sold out.`
        : `Not enough stock: only ${tool.availableQuantity} units of ${tool.name} are available.`,
    );
  }
  if (tool.priceCents * quantity > MAX_ORDER_TOTAL_CENTS) {
    throw new HttpError(400, "This order is too large to pay by card. Please request a quote instead.");
  }
}

// POST /orders: placing an order (DESIGN.md section 7). One transaction in seven round trips; the
// tool's row is locked only by its last statement, so that customers ordering the same tool queue for
// one round trip each, not for the whole transaction (docs/decisions/0014-writes-in-fewer-round-trips.md).
import { createHash } from "node:crypto";
import type { Database } from "@toolshop/db/client";
import { idempotencyKeys, orders, tools } from "@toolshop/db/schema";
import { type CreateOrderBody, type Order, orderSchema } from "@toolshop/shared/orders";
import { and, eq, gte, lt, lte, ne, sql } from "drizzle-orm";
import { HttpError } from "../../lib/http-errors";
import { type Actor, type OrdersContext, publish } from "./context";
import { orderViewColumns, toOrderResponse } from "./dto";
import { historyLines } from "./lifecycle";

/** The most one order may cost: Stripe's limit for a card payment (999,999.99 in two-decimal currencies). */
export const MAX_ORDER_TOTAL_CENTS = 99_999_999;

/**
 * How long an Idempotency-Key is remembered. A checkout visit's retries come within minutes; a key used
 * again after a day is a new request (and its old row is only clutter).
 */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;
/** How often a process clears every customer's expired keys (the orderer's own go on each order). */
export const IDEMPOTENCY_PRUNE_INTERVAL_MS = 60 * 60 * 1000;
/** How many times an order is tried again when its tool's price changed while it was placed. */
const ATTEMPTS = 3;

export interface CreatedOrder {
  order: Order;
  /** True when the Idempotency-Key had been used before: the first order is answered again. */
  replayed: boolean;
}

/** What placing an order reads of its tool. */
const orderedToolColumns = {
  id: tools.id,
  name: tools.name,
  image: tools.image,
  priceCents: tools.priceCents,
  minQuantity: tools.minQuantity,
  availableQuantity: tools.availableQuantity,
};
type ToolRow = Pick<typeof tools.$inferSelect, keyof typeof orderedToolColumns>;

/** The tool's price changed between reading it and taking its stock: the whole order is tried again. */
class PriceChangedMeanwhile extends Error {}

/**
 * Places an order in one transaction: fills name, image and prices from the tool and the email from
 * the token, then reserves the stock with a conditional decrement (it can never go below zero, however
 * many orders race) that also requires the price the order was priced at. With an idempotency key, a
 * repeated request answers the first order instead. Publishes OrderPlaced once committed (not for a
 * replay: nothing changed).
 */
export async function createOrder(
  ctx: OrdersContext,
  user: Actor,
  body: CreateOrderBody,
  idempotencyKey?: string,
): Promise<CreatedOrder> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      const created = await ctx.db.transaction((tx) => placeOrder(tx, ctx, user, body, idempotencyKey));
      if (!created.replayed) await publish(ctx, { type: "OrderPlaced", order: created.order });
      return created;
    } catch (error) {
      if (!(error instanceof PriceChangedMeanwhile)) throw error;
      if (attempt >= ATTEMPTS) {
        throw new HttpError(409, "This tool's price changed while you ordered. Please try again.");
      }
    }
  }
}

async function placeOrder(
  tx: Database,
  ctx: OrdersContext,
  user: Actor,
  body: CreateOrderBody,
  idempotencyKey: string | undefined,
): Promise<CreatedOrder> {
  if (idempotencyKey) {
    const requestHash = hashOf(body);
    if (!(await claimIdempotencyKey(tx, user.id, idempotencyKey, requestHash))) {
      return { order: await storedResponse(tx, user.id, idempotencyKey, requestHash), replayed: true };
    }
  }

  const tool = await toolWithinCap(tx, user.id, body.toolId, ctx.maxUnpaidOrders);
  refuseUnlessOrderable(tool, body.quantity);
  // The order and the first line of its history in one statement.
  const placed = tx.$with("placed").as(
    tx
      .insert(orders)
      .values({
        userId: user.id,
        email: user.email.toLowerCase(),
        toolId: tool.id,
        name: tool.name,
        image: tool.image,
        unitPriceCents: tool.priceCents,
        quantity: body.quantity,
        totalCents: tool.priceCents * body.quantity,
        address: body.address,
        phone: body.phone,
      })
      .returning(orderViewColumns),
  );
  const [row] = await tx
    .with(placed, historyLines(tx, placed, "unpaid"))
    .select()
    .from(placed);
  if (!row) throw new Error("The new order was not returned.");
  const order = toOrderResponse(row, ctx);
  // A key keeps its answer for a replay, stored by the stock's statement.
  const answer = idempotencyKey
    ? { userId: user.id, key: idempotencyKey, body: JSON.stringify(order) }
    : undefined;
  await reserveStock(tx, tool, body.quantity, answer);
  return { order, replayed: false };
}

function expiryCutoff(now = Date.now()): Date {
  return new Date(now - IDEMPOTENCY_KEY_TTL_MS);
}

/**
 * Claims the customer's key for this request, in one statement: a new key, or one older than
 * IDEMPOTENCY_KEY_TTL_MS taken over as new (its old answer forgotten). The customer's other expired keys
 * go meanwhile. Answers false when the key is held: a concurrent request with the same key waits on
 * it until the first one commits or rolls back, then finds it held (or free again).
 */
async function claimIdempotencyKey(
  db: Database,
  userId: string,
  key: string,
  requestHash: string,
): Promise<boolean> {
  const cutoff = expiryCutoff();
  const expired = db.$with("expired").as(
    db
      .delete(idempotencyKeys)
      .where(
        and(
          eq(idempotencyKeys.userId, userId),
          lt(idempotencyKeys.createdAt, cutoff),
          ne(idempotencyKeys.key, key),
        ),
      )
      .returning({ key: idempotencyKeys.key }),
  );
  const claimed = await db
    .with(expired)
    .insert(idempotencyKeys)
    .values({ key, userId, requestHash })
    .onConflictDoUpdate({
      target: [idempotencyKeys.userId, idempotencyKeys.key],
      set: { requestHash, statusCode: null, responseBody: null, createdAt: sql`now()` },
      setWhere: lt(idempotencyKeys.createdAt, cutoff),
    })
    .returning({ key: idempotencyKeys.key });
  return claimed.length > 0;
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
  db: Database,
  userId: string,
  key: string,
  requestHash: string,
): Promise<Order> {
  const [stored] = await db
    .select({ body: idempotencyKeys.responseBody, requestHash: idempotencyKeys.requestHash })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  // A key stored before request hashes existed has none: it is answered as before.
  if (stored?.requestHash && stored.requestHash !== requestHash) {
    throw new HttpError(
      422,
      "This Idempotency-Key was already used for a different order. Please use a new key for a new order.",
    );
  }
  // Keys are stored with their response in the same transaction, so a visible key has one.
  if (!stored?.body) throw new HttpError(409, "A request with this Idempotency-Key is still in progress.");
  // A response stored before orders had toolId and holdsUntil answers them as unknown.
  return orderSchema.parse({ toolId: null, holdsUntil: null, ...JSON.parse(stored.body) });
}

/**
 * The tool, once the customer is known to hold fewer than `max` unpaid orders (each holds stock that
 * other customers cannot order). The advisory lock per customer makes concurrent orders count one by
 * one; the count is a statement of its own so that it sees the orders committed while it waited.
 */
async function toolWithinCap(db: Database, userId: string, toolId: string, max: number): Promise<ToolRow> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${userId}))`);
  const held = sql<number>`(select count(*)::int from ${orders} where ${and(eq(orders.userId, userId), eq(orders.status, "unpaid"))})`;
  const [found] = await db
    .select({ held, tool: orderedToolColumns })
    .from(sql`(select 1) as one`)
    .leftJoin(tools, eq(tools.id, toolId));
  if ((found?.held ?? 0) >= max) {
    throw new HttpError(
      409,
      `You already have ${max} unpaid orders. Please pay or delete one of them in My orders before placing another.`,
    );
  }
  if (!found?.tool) throw new HttpError(404, "There is no tool with this id.");
  return found.tool;
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

/**
 * Takes `quantity` units of the tool in one statement, the transaction's last: concurrent orders queue
 * on the row and each sees the stock the previous one left. It requires the price the order was priced
 * at; when nothing is taken, the tool as it is now says why (or the price changed: try again). With
 * `answer`, the same statement stores the order's answer with its Idempotency-Key (a data-modifying
 * CTE runs whether or not the update reads it; a refusal rolls both back).
 */
async function reserveStock(
  db: Database,
  tool: ToolRow,
  quantity: number,
  answer?: { userId: string; key: string; body: string } | undefined,
): Promise<void> {
  const storingAnswer = answer
    ? db.with(
        db.$with("stored_answer").as(
          db
            .update(idempotencyKeys)
            .set({ statusCode: 201, responseBody: answer.body })
            .where(and(eq(idempotencyKeys.userId, answer.userId), eq(idempotencyKeys.key, answer.key)))
            .returning({ key: idempotencyKeys.key }),
        ),
      )
    : db;
  const [reserved] = await storingAnswer
    .update(tools)
    .set({ availableQuantity: sql`${tools.availableQuantity} - ${quantity}` })
    .where(
      and(
        eq(tools.id, tool.id),
        gte(tools.availableQuantity, quantity),
        lte(tools.minQuantity, quantity),
        eq(tools.priceCents, tool.priceCents),
      ),
    )
    .returning({ id: tools.id });
  if (reserved) return;
  const [now] = await db.select(orderedToolColumns).from(tools).where(eq(tools.id, tool.id));
  if (!now) throw new HttpError(404, "There is no tool with this id.");
  refuseUnlessOrderable(now, quantity);
  throw new PriceChangedMeanwhile();
}

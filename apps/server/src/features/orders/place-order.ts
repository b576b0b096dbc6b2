// POST /orders: placing an order (DESIGN.md section 7). One call of the database's place_orders function
// (migration 0018) claims the Idempotency-Key, checks the unpaid-order cap, takes the stock and writes
// the order with its history, atomically (docs/decisions/0018-placing-an-order-in-one-round-trip.md);
// placing-queues.ts sends the orders that arrive together in one call. This file words its refusals
// and answers its replays.
import { createHash } from "node:crypto";
import type { Database } from "@toolshop/db/client";
import { idempotencyKeys, orders, type tools } from "@toolshop/db/schema";
import { type CreateOrderBody, type Order, orderSchema } from "@toolshop/shared/orders";
import { and, eq, lt } from "drizzle-orm";
import { HttpError } from "../../lib/http-errors";
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

export function expiryCutoff(now = Date.now()): Date {
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

// The Idempotency-Key of POST /orders: claimed in the placing transaction, answered again on a
// replay, forgotten after IDEMPOTENCY_KEY_TTL_MS.
import { createHash } from "node:crypto";
import type { Database } from "@toolshop/db/client";
import { idempotencyKeys, orders } from "@toolshop/db/schema";
import { type Order, orderSchema, type PlaceOrderBody } from "@toolshop/shared/orders";
import { and, eq, lt, sql } from "drizzle-orm";
import { HttpError } from "../../lib/http-errors";
import type { OrdersContext } from "./context";
import { orderResponse, orderViewColumns } from "./dto";

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/**
 * How long an Idempotency-Key is remembered. A checkout visit's retries come within minutes; a key used
 * again after a day is a new request (and its old row is only clutter).
 */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;
/** How often a process clears every customer's expired keys (an order takes over an expired key it reuses). */
export const IDEMPOTENCY_PRUNE_INTERVAL_MS = 60 * 60 * 1000;
/**
 * Claims the key through its unique index, or takes over an expired one; false when it is held (its
 * order answers). A concurrent request with the same key waits here until the first commits.
 */
export async function claimKey(
  tx: Transaction,
  userId: string,
  key: string,
  requestHash: string,
): Promise<boolean> {
  const claimed = await tx
    .insert(idempotencyKeys)
    .values({ key, userId, requestHash })
    .onConflictDoUpdate({
      target: [idempotencyKeys.userId, idempotencyKeys.key],
      set: { requestHash, statusCode: null, responseBody: null, orderId: null, createdAt: sql`now()` },
      setWhere: lt(idempotencyKeys.createdAt, expiryCutoff()),
    })
    .returning({ key: idempotencyKeys.key });
  return claimed.length > 0;
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
export function hashOf(body: PlaceOrderBody): string {
  return createHash("sha256").update(JSON.stringify(body)).digest("hex");
}

export async function storedResponse(
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
    return orderResponse(ctx.db, row, ctx);
  }
  // A key stored before 0014 kept its answer's text; one stored before orders had toolId and
  // holdsUntil answers them as unknown, and its one line from its own fields.
  if (!stored?.body) throw new Error("An Idempotency-Key was held without its order.");
  const kept = { toolId: null, holdsUntil: null, ...JSON.parse(stored.body) };
  const line = {
    toolId: kept.toolId,
    name: kept.name,
    image: kept.image,
    unitPrice: kept.unitPrice,
    quantity: kept.quantity,
    total: kept.price,
    refundedQuantity: 0,
  };
  return orderSchema.parse({ lines: [line], ...kept });
}

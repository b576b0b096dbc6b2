import { createHash } from "node:crypto";
import type { Database } from "@toolshop/db/client";
import { idempotencyKeys, orderStatusHistory, orders, tools, users } from "@toolshop/db/schema";
import {
  type CreateOrderBody,
  ORDERS_PAGE_SIZE,
  type Order,
  type OrdersPageQuery,
  orderSchema,
} from "@toolshop/shared/orders";
import { and, count, eq, gte, isNull, lt, lte, sql } from "drizzle-orm";
import { HttpError } from "../../lib/http-errors";
import {
  type Actor,
  assertMayAccess,
  findAccessibleOrder,
  findOrder,
  type OrdersContext,
  publish,
} from "./context";
import { toOrderResponse } from "./dto";
import { pageOfOrders } from "./paging";
import { recordSucceededPayment } from "./payment";

/** The most one order may cost: Stripe's limit for a card payment (999,999.99 in two-decimal currencies). */
export const MAX_ORDER_TOTAL_CENTS = 99_999_999;
const PAID_ORDER_CANNOT_BE_DELETED = "A paid order cannot be deleted.";

/**
 * How long an Idempotency-Key is remembered. A checkout visit's retries come within minutes; a key used
 * again after a day is a new request (and its old row is only clutter).
 */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;
/** How often a process clears every customer's expired keys (the orderer's own go on each order). */
export const IDEMPOTENCY_PRUNE_INTERVAL_MS = 60 * 60 * 1000;

export interface CreatedOrder {
  order: Order;
  /** True when the Idempotency-Key had been used before: the first order is answered again. */
  replayed: boolean;
}

/**
 * Places an order in one transaction: reserves the stock with a conditional decrement (it can never go
 * below zero, however many orders race), and fills name, image and prices from the tool and the email
 * from the token. With an idempotency key, a repeated request answers the first order instead.
 * Publishes OrderPlaced once committed (not for a replay: nothing changed).
 */
export async function createOrder(
  ctx: OrdersContext,
  user: Actor,
  body: CreateOrderBody,
  idempotencyKey?: string,
): Promise<CreatedOrder> {
  const created = await ctx.db.transaction(async (tx): Promise<CreatedOrder> => {
    if (idempotencyKey) {
      // The customer's expired keys go first (the unique index on user_id, key finds them), so that a
      // key older than IDEMPOTENCY_KEY_TTL_MS counts as new.
      await tx
        .delete(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, user.id), lt(idempotencyKeys.createdAt, expiryCutoff())));
      // A concurrent request with the same key waits here until the first one commits or rolls back.
      const requestHash = hashOf(body);
      const [claimed] = await tx
        .insert(idempotencyKeys)
        .values({ key: idempotencyKey, userId: user.id, requestHash })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (!claimed) {
        return { order: await storedResponse(tx, user.id, idempotencyKey, requestHash), replayed: true };
      }
    }

    await refuseBeyondUnpaidCap(tx, user.id, ctx.maxUnpaidOrders);
    const tool = await reserveStock(tx, body.toolId, body.quantity);
    const [row] = await tx
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
      .returning();
    if (!row) throw new Error("The new order was not returned.");
    await tx.insert(orderStatusHistory).values({ orderId: row.id, status: "unpaid" });
    const order = toOrderResponse(row, ctx);

    if (idempotencyKey) {
      await tx
        .update(idempotencyKeys)
        .set({ statusCode: 201, responseBody: JSON.stringify(order) })
        .where(and(eq(idempotencyKeys.userId, user.id), eq(idempotencyKeys.key, idempotencyKey)));
    }
    return { order, replayed: false };
  });
  if (!created.replayed) await publish(ctx, { type: "OrderPlaced", order: created.order });
  return created;
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
 * Refuses a new order while the customer already holds `max` unpaid ones: each holds stock that other
 * customers cannot order. The advisory lock per customer makes concurrent orders count one by one.
 */
async function refuseBeyondUnpaidCap(db: Database, userId: string, max: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${userId}))`);
  const [held] = await db
    .select({ count: count() })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, "unpaid")));
  if ((held?.count ?? 0) >= max) {
    throw new HttpError(
      409,
      `You already have ${max} unpaid orders. Please pay or delete one of them in My orders before placing another.`,
    );
  }
}

/**
 * Takes `quantity` units of the tool if the quantity is within its minimum and its stock, in one
 * statement: concurrent orders queue on the row and each sees the stock the previous one left.
 */
async function reserveStock(db: Database, toolId: string, quantity: number) {
  const [reserved] = await db
    .update(tools)
    .set({ availableQuantity: sql`${tools.availableQuantity} - ${quantity}` })
    .where(
      and(
        eq(tools.id, toolId),
        gte(tools.availableQuantity, quantity),
        lte(tools.minQuantity, quantity),
        sql`${tools.priceCents}::bigint * ${quantity} <= ${MAX_ORDER_TOTAL_CENTS}`,
      ),
    )
    .returning();
  if (reserved) return reserved;

  // Nothing was taken: say why.
  const [tool] = await db.select().from(tools).where(eq(tools.id, toolId));
  if (!tool) throw new HttpError(404, "There is no tool with this id.");
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
  throw new HttpError(400, "This order is too large to pay by card. Please request a quote instead.");
}

/**
 * GET /orders/:email: one page of that customer's orders, newest first (orders_user_created_idx).
 * The email is matched as the users table stores it: lower-case.
 */
export async function listOrdersFor(
  ctx: OrdersContext,
  email: string,
  page: OrdersPageQuery = {},
): Promise<{ orders: Order[]; nextCursor: string | null }> {
  const owner = ctx.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email.trim().toLowerCase()));
  // A scalar subquery (emails are unique), not IN: the planner then reads the index backwards in order.
  const { rows, nextCursor } = await pageOfOrders(ctx.db, sql`${orders.userId} = (${owner})`, {
    cursor: page.cursor,
    limit: page.limit ?? ORDERS_PAGE_SIZE,
  });
  return { orders: rows.map((row) => toOrderResponse(row, ctx)), nextCursor };
}

/** GET /payment/:id: the order its owner is about to pay. */
export async function getOrderForPayment(ctx: OrdersContext, actor: Actor, orderId: string): Promise<Order> {
  return toOrderResponse(await findAccessibleOrder(ctx, actor, orderId, { adminToo: false }), ctx);
}

/**
 * DELETE /orders/:id (owner or admin): deletes an unpaid order and puts its stock back, in one
 * transaction. A paid order stays (409); an order that does not exist answers deletedCount 0.
 * Deleting an unpaid order is its cancellation: OrderCancelled, by its customer or by an admin.
 */
export async function deleteOrder(
  ctx: OrdersContext,
  actor: Actor,
  orderId: string,
): Promise<{ deletedCount: number }> {
  const order = await findOrder(ctx.db, orderId);
  if (!order) return { deletedCount: 0 };
  await assertMayAccess(ctx, actor, order, { adminToo: true });
  if (order.status === "paid" || order.status === "shipped") {
    throw new HttpError(409, PAID_ORDER_CANNOT_BE_DELETED);
  }
  if (order.paymentIntentId) {
    // Close the payment first, so that nobody pays for an order that is gone; it may have just succeeded.
    const intent = await ctx.gateway.cancel(order.paymentIntentId);
    if (intent?.status === "succeeded" && (await recordSucceededPayment(ctx, intent)) !== "mismatch") {
      throw new HttpError(409, PAID_ORDER_CANNOT_BE_DELETED);
    }
  }

  const deleted = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(orders)
      .where(
        and(
          eq(orders.id, order.id),
          eq(orders.status, order.status),
          order.paymentIntentId
            ? eq(orders.paymentIntentId, order.paymentIntentId)
            : isNull(orders.paymentIntentId),
        ),
      )
      .returning();
    // A cancelled order gave its stock back when it was cancelled.
    if (row?.status === "unpaid" && row.toolId) {
      await tx
        .update(tools)
        .set({ availableQuantity: sql`${tools.availableQuantity} + ${row.quantity}` })
        .where(eq(tools.id, row.toolId));
    }
    return row;
  });
  if (deleted) {
    if (deleted.status === "unpaid") {
      const order = toOrderResponse({ ...deleted, status: "cancelled" }, ctx);
      const reason = deleted.userId === actor.id ? "customer" : "admin";
      await publish(ctx, { type: "OrderCancelled", order, reason });
    }
    return { deletedCount: 1 };
  }

  // The order changed since it was read: deleted, paid, or a payment was started meanwhile.
  const current = await findOrder(ctx.db, order.id);
  if (!current) return { deletedCount: 0 };
  if (current.status !== "unpaid") throw new HttpError(409, PAID_ORDER_CANNOT_BE_DELETED);
  throw new HttpError(409, "This order is being paid right now. Please try again in a moment.");
}

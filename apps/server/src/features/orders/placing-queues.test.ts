// A sale on one tool, or one customer sending many orders at once, must not take the whole pool:
// createPlacingQueues lets only a few of them reach PostgreSQL at once, and sends those that waited
// together (needs several connections).
import type { DatabaseHandle } from "@toolshop/db/client";
import * as schema from "@toolshop/db/schema";
import { orders } from "@toolshop/db/schema";
import { testDatabaseTargets } from "@toolshop/db/test-support";
import { createTestDatabase } from "@toolshop/db/testing";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HttpError } from "../../lib/http-errors";
import { addCustomer, addTool, stockOf } from "../../testing/fixtures";
import type { OrdersContext } from "./context";
import { createOrder } from "./place-order";
import {
  CUSTOMER_CALLS_IN_FLIGHT,
  createPlacingQueues,
  MAX_ORDERS_PER_BATCH,
  TOOL_BATCHES_IN_FLIGHT,
} from "./placing-queues";
import { ordersContext } from "./test-fixtures";

// The server's pool size (pg.Pool's default, packages/db/src/client.ts).
const POOL_SIZE = 10;
const ORDERS = 20;
const postgres = testDatabaseTargets().find((target) => target.options.kind === "postgres");

describe.skipIf(!postgres || postgres.skip)(`placing queues ${postgres?.title}`, () => {
  let handle: DatabaseHandle;
  let pool: pg.Pool;
  // The test's own connections, apart from the pool under test: they hold the locks and count waiters.
  let outside: pg.Pool;
  let ctx: OrdersContext;
  beforeAll(async () => {
    if (!postgres) return;
    handle = await createTestDatabase(postgres.options);
    if (handle.kind !== "postgres") throw new Error("expected PostgreSQL");
    outside = handle.client;
    pool = new pg.Pool({ connectionString: handle.client.options.connectionString, max: POOL_SIZE });
    pool.on("error", () => undefined);
    ({ ctx } = ordersContext(drizzle({ client: pool, schema })));
  });
  afterAll(async () => {
    await pool?.end();
    await handle?.close();
  });

  it("keeps connections for other customers while 20 orders for one tool wait on its row", async () => {
    const tool = await addTool(ctx.db, { minQuantity: 1, availableQuantity: 100 });
    const buyers = await Promise.all(Array.from({ length: ORDERS }, () => addCustomer(ctx.db)));
    const other = await addTool(ctx.db, { minQuantity: 1 });
    const someoneElse = await addCustomer(ctx.db);

    // An admin's edit holds the tool's row meanwhile.
    const admin = await holdLock(`select 1 from tools where id = $1 for update`, [tool.id]);
    const sale = buyers.map((buyer) => createOrder(ctx, buyer, orderOf(tool.id)));
    try {
      await untilWaitingOnLocks(TOOL_BATCHES_IN_FLIGHT);
      const elsewhere = await placedWhileLocked(createOrder(ctx, someoneElse, orderOf(other.id)));
      expect(elsewhere).toBe("placed");
      expect(await waitingOnLocks()).toBe(TOOL_BATCHES_IN_FLIGHT);
    } finally {
      await admin.release();
    }
    expect((await Promise.all(sale)).every((created) => !created.replayed)).toBe(true);
    expect(await ctx.db.select().from(orders).where(eq(orders.toolId, tool.id))).toHaveLength(ORDERS);
    expect(await stockOf(ctx.db, tool.id)).toBe(100 - ORDERS);
  });

  it("keeps connections for other customers while one customer's 20 orders wait on their lock", async () => {
    const customer = await addCustomer(ctx.db);
    const tools = await Promise.all(
      Array.from({ length: ORDERS }, () => addTool(ctx.db, { minQuantity: 1 })),
    );
    const other = await addTool(ctx.db, { minQuantity: 1 });
    const someoneElse = await addCustomer(ctx.db);

    // The customer's lock, as place_orders takes it, held by a session of its own.
    const holder = await holdLock(`select pg_advisory_xact_lock(hashtext($1))`, [customer.id]);
    const orderedAtOnce = tools.map((tool) => createOrder(ctx, customer, orderOf(tool.id)));
    try {
      await untilWaitingOnLocks(CUSTOMER_CALLS_IN_FLIGHT);
      const elsewhere = await placedWhileLocked(createOrder(ctx, someoneElse, orderOf(other.id)));
      expect(elsewhere).toBe("placed");
      expect(await waitingOnLocks()).toBe(CUSTOMER_CALLS_IN_FLIGHT);
    } finally {
      await holder.release();
    }
    await Promise.all(orderedAtOnce);
    expect(await ctx.db.select().from(orders).where(eq(orders.userId, customer.id))).toHaveLength(ORDERS);
  });

  it("places one customer's orders for one tool that waited on their lock in a few calls, each checked on its own", async () => {
    const customer = await addCustomer(ctx.db);
    const tool = await addTool(ctx.db, { minQuantity: 1, availableQuantity: 100 });
    const cap = 12;
    const capped = { ...ctx, maxUnpaidOrders: cap, placingQueues: createPlacingQueues() };

    const holder = await holdLock(`select pg_advisory_xact_lock(hashtext($1))`, [customer.id]);
    let orderedAtOnce: Promise<PromiseSettledResult<unknown>[]>;
    try {
      orderedAtOnce = Promise.allSettled(
        Array.from({ length: ORDERS }, () => createOrder(capped, customer, orderOf(tool.id))),
      );
      await untilWaitingOnLocks(CUSTOMER_CALLS_IN_FLIGHT);
    } finally {
      await holder.release();
    }
    const results = await orderedAtOnce;
    const statuses = results.map((result) => result.status);
    // The two sent while the lock was held go first. The 18 that waited go as two batches (at most 16
    // each), which meet on the customer's lock in either order. The cap counts the orders placed
    // before, in the same call too: 12 stand, and within each batch the first ones.
    expect(statuses.filter((status) => status === "fulfilled")).toHaveLength(cap);
    expect(statuses.slice(0, CUSTOMER_CALLS_IN_FLIGHT)).toEqual(["fulfilled", "fulfilled"]);
    const waited = statuses.slice(CUSTOMER_CALLS_IN_FLIGHT);
    for (const batch of [waited.slice(0, MAX_ORDERS_PER_BATCH), waited.slice(MAX_ORDERS_PER_BATCH)]) {
      const stood = batch.filter((status) => status === "fulfilled").length;
      expect(batch).toEqual(batch.map((_, i) => (i < stood ? "fulfilled" : "rejected")));
    }
    for (const result of results.filter((result) => result.status === "rejected")) {
      expect(result.status === "rejected" && (result.reason as HttpError).message).toBe(
        `You already have ${cap} unpaid orders. Please pay or delete one of them in My orders before placing another.`,
      );
    }
    const placed = await ctx.db.select().from(orders).where(eq(orders.userId, customer.id));
    expect(placed).toHaveLength(cap);
    expect(await stockOf(ctx.db, tool.id)).toBe(100 - cap);
    // An order's created_at is its transaction's start: one per call. Two went alone while the lock was
    // held; the 18 that waited went in one batch and the rest, not one call each.
    const calls = new Set(placed.map((order) => order.createdAt.getTime()));
    expect(calls.size).toBeLessThanOrEqual(CUSTOMER_CALLS_IN_FLIGHT + 2);
  });

  it("places the orders that waited together in one batch, each checked on its own", async () => {
    const tool = await addTool(ctx.db, { minQuantity: 1, availableQuantity: TOOL_BATCHES_IN_FLIGHT + 3 });
    const first = await Promise.all(
      Array.from({ length: TOOL_BATCHES_IN_FLIGHT }, () => addCustomer(ctx.db)),
    );
    const batch = await Promise.all(Array.from({ length: 5 }, () => addCustomer(ctx.db)));
    const admin = await holdLock(`select 1 from tools where id = $1 for update`, [tool.id]);
    // The batch's customers' locks, which place_orders takes before the tool's row: the batch waits for
    // them without the row, so the first calls have it first. PostgreSQL does not promise that waiters
    // for a row get it before a newcomer, and the batch once took units the first calls were owed.
    const batchCustomers = await holdLock(
      `select pg_advisory_xact_lock(hashtext(customer)) from unnest($1::text[]) as customer`,
      [batch.map((buyer) => buyer.id)],
    );
    let placing: Promise<PromiseSettledResult<unknown>[]>;
    let waiting: Promise<PromiseSettledResult<unknown>[]>;
    try {
      placing = Promise.allSettled(first.map((buyer) => createOrder(ctx, buyer, orderOf(tool.id))));
      await untilWaitingOnLocks(TOOL_BATCHES_IN_FLIGHT);
      // These wait in the process while the first calls hold every slot: they go in one call.
      waiting = Promise.allSettled(batch.map((buyer) => createOrder(ctx, buyer, orderOf(tool.id))));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await waitingOnLocks()).toBe(TOOL_BATCHES_IN_FLIGHT);
    } finally {
      await admin.release();
    }
    try {
      // Every first call placed its order; a refusal's reason is what the failure shows.
      const refused = (await placing).flatMap((result) =>
        result.status === "rejected" ? [String(result.reason)] : [],
      );
      expect(refused).toEqual([]);
    } finally {
      await batchCustomers.release();
    }
    // Three units were left for five orders: the first three of the batch have them, the last two
    // are refused as sold out, and the three stand.
    const results = await waiting;
    expect(results.map((result) => result.status)).toEqual([
      "fulfilled",
      "fulfilled",
      "fulfilled",
      "rejected",
      "rejected",
    ]);
    for (const result of results.slice(3)) {
      expect(result.status === "rejected" && result.reason).toBeInstanceOf(HttpError);
      expect(result.status === "rejected" && (result.reason as HttpError).message).toMatch(/sold out/);
    }
    expect(await stockOf(ctx.db, tool.id)).toBe(0);
    expect(await ctx.db.select().from(orders).where(eq(orders.toolId, tool.id))).toHaveLength(
      TOOL_BATCHES_IN_FLIGHT + 3,
    );
  });

  it("places the rest of a batch that one order's error rolled back, one by one", async () => {
    const tool = await addTool(ctx.db, { minQuantity: 1, availableQuantity: 100 });
    const first = await Promise.all(
      Array.from({ length: TOOL_BATCHES_IN_FLIGHT }, () => addCustomer(ctx.db)),
    );
    const [before, after] = await Promise.all([addCustomer(ctx.db), addCustomer(ctx.db)]);
    // A customer deleted while their order waited: the order's row cannot refer to them.
    const gone = { id: "00000000-0000-4000-8000-000000000000", email: "gone@example.com" };
    const admin = await holdLock(`select 1 from tools where id = $1 for update`, [tool.id]);
    let waiting: Promise<PromiseSettledResult<unknown>[]>;
    let placing: Promise<unknown>;
    try {
      placing = Promise.all(first.map((buyer) => createOrder(ctx, buyer, orderOf(tool.id))));
      await untilWaitingOnLocks(TOOL_BATCHES_IN_FLIGHT);
      waiting = Promise.allSettled(
        [before, gone, after].map((buyer) => createOrder(ctx, buyer, orderOf(tool.id))),
      );
      await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      await admin.release();
    }
    await placing;
    expect((await waiting).map((result) => result.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    const placed = await ctx.db.select().from(orders).where(eq(orders.toolId, tool.id));
    expect(placed.map((order) => order.userId).sort()).toEqual(
      [...first.map((buyer) => buyer.id), before.id, after.id].sort(),
    );
    expect(await stockOf(ctx.db, tool.id)).toBe(100 - TOOL_BATCHES_IN_FLIGHT - 2);
  });

  const orderOf = (toolId: string) => ({ toolId, address: "1 Main St", phone: "5550100", quantity: 1 });

  /** A transaction that holds a lock until released. */
  async function holdLock(statement: string, values: unknown[]) {
    const client = await outside.connect();
    await client.query("begin");
    await client.query(statement, values);
    return {
      async release() {
        await client.query("commit");
        client.release();
      },
    };
  }

  /** Sessions of this test's database that wait for a lock. */
  async function waitingOnLocks(): Promise<number> {
    const { rows } = await outside.query(
      `select count(*)::int as waiting from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`,
    );
    return rows[0].waiting;
  }

  async function untilWaitingOnLocks(count: number) {
    for (let i = 0; i < 500 && (await waitingOnLocks()) < count; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(await waitingOnLocks()).toBe(count);
  }

  /** Whether an order was placed within 5 s, while the lock is still held (the pool had a connection). */
  function placedWhileLocked(placing: Promise<unknown>) {
    return Promise.race([
      placing.then(() => "placed"),
      new Promise((resolve) => setTimeout(() => resolve("still waiting for a connection"), 5_000)),
    ]);
  }
});

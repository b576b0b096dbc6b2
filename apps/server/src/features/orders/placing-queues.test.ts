// A sale on one tool, or one customer sending many orders at once, must not take the whole pool:
// createPlacingQueues lets only a few of them reach PostgreSQL at once (needs several connections).
import type { DatabaseHandle } from "@toolshop/db/client";
import * as schema from "@toolshop/db/schema";
import { orders } from "@toolshop/db/schema";
import { testDatabaseTargets } from "@toolshop/db/test-support";
import { createTestDatabase } from "@toolshop/db/testing";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addCustomer, addTool, stockOf } from "../../testing/fixtures";
import type { OrdersContext } from "./context";
import { createOrder } from "./place-order";
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
      await untilWaitingOnLocks(4);
      const elsewhere = await placedWhileLocked(createOrder(ctx, someoneElse, orderOf(other.id)));
      expect(elsewhere).toBe("placed");
      expect(await waitingOnLocks()).toBe(4);
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

    // The customer's lock, as place_order takes it, held by a session of its own.
    const holder = await holdLock(`select pg_advisory_xact_lock(hashtext($1))`, [customer.id]);
    const orderedAtOnce = tools.map((tool) => createOrder(ctx, customer, orderOf(tool.id)));
    try {
      await untilWaitingOnLocks(2);
      const elsewhere = await placedWhileLocked(createOrder(ctx, someoneElse, orderOf(other.id)));
      expect(elsewhere).toBe("placed");
      expect(await waitingOnLocks()).toBe(2);
    } finally {
      await holder.release();
    }
    await Promise.all(orderedAtOnce);
    expect(await ctx.db.select().from(orders).where(eq(orders.userId, customer.id))).toHaveLength(ORDERS);
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

// Races that only a real multi-connection PostgreSQL can show (PGlite has one connection).
import type { Database, DatabaseHandle } from "@toolshop/db/client";
import * as schema from "@toolshop/db/schema";
import { orderLines } from "@toolshop/db/schema";
import { testDatabaseTargets } from "@toolshop/db/test-support";
import { createTestDatabase } from "@toolshop/db/testing";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HttpError } from "../../lib/http-errors";
import { addCustomer, addTool, ordersOfTool, stockOf } from "../../testing/fixtures";
import type { OrdersContext } from "./context";
import { confirmPayment, startPayment } from "./payment";
import { createOrder } from "./place-order";
import { ordersContext, VALID_CARD } from "./test-fixtures";

// Enough connections for real parallelism while leaving room for other suites on the same server.
const POOL_SIZE = 50;
const postgres = testDatabaseTargets().find((target) => target.options.kind === "postgres");

describe.skipIf(!postgres || postgres.skip)(`orders under concurrency ${postgres?.title}`, () => {
  let handle: DatabaseHandle;
  let pool: pg.Pool;
  let db: Database;
  let ctx: OrdersContext;
  let gateway: ReturnType<typeof ordersContext>["gateway"];
  let paidAnnouncements: ReturnType<typeof ordersContext>["paidAnnouncements"];
  beforeAll(async () => {
    if (!postgres) return;
    handle = await createTestDatabase(postgres.options);
    if (handle.kind !== "postgres") throw new Error("expected PostgreSQL");
    pool = new pg.Pool({ connectionString: handle.client.options.connectionString, max: POOL_SIZE });
    // pool.end() resolves before its connections have closed, so the forced drop of the database in
    // afterAll can still end some of them; without a listener, the pool's "error" event would be thrown
    // as an uncaught exception (CI once counted 32 of them).
    pool.on("error", () => undefined);
    db = drizzle({ client: pool, schema });
    ({ ctx, gateway, paidAnnouncements } = ordersContext(db));
  });
  afterAll(async () => {
    await pool?.end();
    await handle?.close();
  });

  it("sells exactly the 20 units in stock to 100 simultaneous orders, never going below zero", async () => {
    const tool = await addTool(db, { minQuantity: 1, availableQuantity: 20 });
    const customers = await Promise.all(Array.from({ length: 10 }, () => addCustomer(db)));
    const body = { toolId: tool.id, address: "1 Main St", phone: "5550100", quantity: 1 };

    // Ten customers, ten orders each, all at once.
    const results = await Promise.allSettled(
      customers.flatMap((customer) => Array.from({ length: 10 }, () => createOrder(ctx, customer, body))),
    );
    expect(results).toHaveLength(100);

    const placed = results.filter((result) => result.status === "fulfilled");
    const refused = results.flatMap((result) => (result.status === "rejected" ? [result.reason] : []));
    expect(placed).toHaveLength(20);
    expect(refused).toHaveLength(80);
    for (const reason of refused) {
      expect(reason).toBeInstanceOf(HttpError);
      expect(reason).toMatchObject({ statusCode: 409, message: expect.stringMatching(/^Not enough stock/) });
    }
    expect(await stockOf(db, tool.id)).toBe(0);
    expect(await ordersOfTool(db, tool.id)).toHaveLength(20);
    const lines = await db.select().from(orderLines).where(eq(orderLines.toolId, tool.id));
    expect(lines.reduce((sum, line) => sum + line.quantity, 0)).toBe(20);
    // The orders really ran side by side on separate connections.
    expect(pool.totalCount).toBeGreaterThan(10);
  });

  it("prices an order at the price its stock is taken at when an admin's edit commits meanwhile", async () => {
    const tool = await addTool(db, { minQuantity: 1, availableQuantity: 10, priceCents: 1_000 });
    const customer = await addCustomer(db);
    const body = { toolId: tool.id, address: "1 Main St", phone: "5550100", quantity: 2 };

    // An admin's edit holds the tool's row; the order waits to take the stock, then reads the new price.
    const admin = await pool.connect();
    try {
      await admin.query("begin");
      await admin.query("update tools set price_cents = 1500 where id = $1", [tool.id]);
      const placing = createOrder(ctx, customer, body);
      await waitUntilBlocked(tool.id);
      await admin.query("commit");
      const { order } = await placing;
      expect([order.unitPrice, order.price]).toEqual([15, 30]);
    } finally {
      admin.release();
    }
    const rows = await ordersOfTool(db, tool.id);
    expect(rows.map((row) => row.totalCents)).toEqual([3_000]);
    expect(await stockOf(db, tool.id)).toBe(8);
  });

  /** Until some session's placing waits for a lock (the tool's row, locked FOR UPDATE). */
  async function waitUntilBlocked(toolId: string) {
    for (let i = 0; i < 200; i += 1) {
      const { rows } = await pool.query(
        // This database only: the test files that run at the same time have databases of their own.
        `select 1 from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock' and query ilike '%for update%'`,
      );
      if (rows.length > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`no order waited on tool ${toolId}`);
  }

  it("holds one customer's unpaid-order cap against 20 simultaneous orders", async () => {
    const tool = await addTool(db, { minQuantity: 1, availableQuantity: 100 });
    const customer = await addCustomer(db);
    const capped = { ...ctx, maxUnpaidOrders: 3 };
    const body = { toolId: tool.id, address: "1 Main St", phone: "5550100", quantity: 1 };
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => createOrder(capped, customer, body)),
    );
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(3);
    for (const result of results) {
      if (result.status === "rejected") {
        expect(result.reason).toMatchObject({
          statusCode: 409,
          message: expect.stringMatching(/^You already have 3 unpaid orders/),
        });
      }
    }
    expect(await stockOf(db, tool.id)).toBe(97);
  });

  it("creates one order for 20 simultaneous requests with the same Idempotency-Key", async () => {
    const tool = await addTool(db, { minQuantity: 1, availableQuantity: 100 });
    const customer = await addCustomer(db);
    const body = { toolId: tool.id, address: "1 Main St", phone: "5550100", quantity: 5 };

    const results = await Promise.all(
      Array.from({ length: 20 }, () => createOrder(ctx, customer, body, "double-click")),
    );

    expect(new Set(results.map((result) => result.order._id)).size).toBe(1);
    expect(results.filter((result) => !result.replayed)).toHaveLength(1);
    expect(await ordersOfTool(db, tool.id)).toHaveLength(1);
    expect(await stockOf(db, tool.id)).toBe(95);
  });

  it("gives one payment to simultaneous pay clicks and marks the order paid once", async () => {
    const tool = await addTool(db, { minQuantity: 1, availableQuantity: 100 });
    const customer = await addCustomer(db);
    const { order } = await createOrder(ctx, customer, {
      toolId: tool.id,
      address: "1 Main St",
      phone: "5550100",
      quantity: 3,
    });

    const secrets = await Promise.all(
      Array.from({ length: 10 }, () => startPayment(ctx, customer, order._id)),
    );
    expect(new Set(secrets.map((secret) => secret.clientSecret)).size).toBe(1);

    const confirmation = await gateway.confirmCard(secrets[0]?.clientSecret ?? "", VALID_CARD);
    if (!confirmation.ok || !("intent" in confirmation)) throw new Error("the test card was refused");
    const before = paidAnnouncements.length;
    const paid = await Promise.all(
      Array.from({ length: 10 }, () => confirmPayment(ctx, customer, order._id, confirmation.intent.id)),
    );
    expect(paid.every((result) => result.paid && result.transactionId === confirmation.intent.id)).toBe(true);
    expect(paidAnnouncements.slice(before).map((announced) => announced._id)).toEqual([order._id]);
  });
});

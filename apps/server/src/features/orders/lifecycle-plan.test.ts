import type { Database } from "@toolshop/db/client";
import * as schema from "@toolshop/db/schema";
import { seedLarge } from "@toolshop/db/seed-large";
import { queryRows, testDatabaseTargets } from "@toolshop/db/test-support";
import { createTestDatabase } from "@toolshop/db/testing";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { addCustomer, addTool } from "../../testing/fixtures";
import { transitionStatement } from "./lifecycle";
import { payTestIntentAndOrder, recordSucceededPayment, startPayment } from "./payment";
import { createOrder } from "./place-order";
import { ordersContext, VALID_CARD } from "./test-fixtures";

// PostgreSQL only: the point is the production database's planner and its statistics.
const postgres = testDatabaseTargets().find((target) => target.options.kind === "postgres");

describe.skipIf(!postgres || postgres.skip)("an unpaid order's transition plan on PostgreSQL", () => {
  it("finds the order by its primary key even when the statistics were taken with no order unpaid", {
    timeout: 120_000,
  }, async () => {
    const handle = await createTestDatabase(postgres?.options ?? { kind: "pglite" });
    try {
      await seedLarge(handle, { tools: 20, users: 200, orders: 20_000, reviews: 0 }, { seed: 1 });
      // A quiet night: no order is unpaid when autovacuum takes the statistics...
      await handle.db.execute(sql`update orders set status = 'cancelled' where status = 'unpaid'`);
      await handle.db.execute(sql`vacuum analyze orders`);
      // ...then a busy day's unpaid orders arrive before the next vacuum.
      await handle.db.execute(sql`
          insert into orders (user_id, email, total_cents, address, phone, status, created_at)
          select user_id, email, total_cents, address, phone, 'unpaid', now()
          from orders limit 5000`);
      const [unpaid] = await queryRows<{ id: string }>(
        handle.db,
        sql`select id from orders where status = 'unpaid' limit 1`,
      );
      for (const to of ["paid", "cancelled"] as const) {
        const statement = transitionStatement(handle.db, unpaid?.id ?? "", "unpaid", to);
        const plan = await queryRows<{ "QUERY PLAN": string }>(handle.db, sql`explain ${statement}`);
        const text = plan.map((row) => row["QUERY PLAN"]).join("\n");
        expect(text, text).toMatch(/Index Scan using orders_pkey on orders/);
      }
    } finally {
      await handle.close();
    }
  });

  it("parses the statements that pay an order once per connection, then keeps one plan", async () => {
    const handle = await createTestDatabase(postgres?.options ?? { kind: "pglite" });
    // One connection, so that its prepared statements are the ones pg_prepared_statements shows.
    const connectionString = (handle.client as pg.Pool).options.connectionString;
    const connection = new pg.Client({ connectionString });
    await connection.connect();
    try {
      const db: Database = drizzle({ client: connection, schema });
      const { ctx, gateway } = ordersContext(db);
      const customer = await addCustomer(db);
      const tool = await addTool(db, { availableQuantity: 100, minQuantity: 1 });
      const payments = 8;
      const unpaidOrderWithPayment = async () => {
        const { order } = await createOrder(ctx, customer, {
          toolId: tool.id,
          address: "1 Main St",
          phone: "+1 555-0100",
          quantity: 1,
        });
        return (await startPayment(ctx, customer, order._id)).clientSecret;
      };
      for (let i = 0; i < payments; i++) {
        // The gateway's statement alone, then the order's, which a Stripe webhook runs too.
        const confirmed = await gateway.confirmCard(await unpaidOrderWithPayment(), VALID_CARD);
        if (!confirmed.ok) throw new Error("the test card was refused");
        expect(await recordSucceededPayment(ctx, confirmed.intent)).toBe("marked-paid");
        // As the test gateway's route does: both in one statement.
        const settled = await gateway.confirmCard(await unpaidOrderWithPayment(), VALID_CARD, {
          settle: (id) => payTestIntentAndOrder(ctx, id),
        });
        expect(settled.ok && settled.outcome).toBe("marked-paid");
      }
      const { rows } = await connection.query<{ name: string; runs: number; generic_plans: string }>(
        `select name, (generic_plans + custom_plans)::int as runs, generic_plans
         from pg_prepared_statements where name like 'planned-once:%'`,
      );
      const statements = new Map(rows.map((row) => [row.name, row]));
      for (const name of [
        "test-gateway/pay-open-intent",
        "orders/mark-paid-at-amount",
        "orders/pay-test-intent-and-order",
      ]) {
        const statement = statements.get(`planned-once:${name}`);
        expect(statement?.runs, name).toBe(payments);
        // Five runs planned for their values, then the generic plan: no planning per payment.
        expect(Number(statement?.generic_plans), name).toBe(statement ? statement.runs - 5 : 0);
      }
    } finally {
      await connection.end();
      await handle.close();
    }
  });
});

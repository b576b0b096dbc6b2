import { seedLarge } from "@toolshop/db/seed-large";
import { queryRows, testDatabaseTargets } from "@toolshop/db/test-support";
import { createTestDatabase } from "@toolshop/db/testing";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { transitionStatement } from "./lifecycle";

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
          insert into orders (user_id, email, tool_id, name, image, unit_price_cents, quantity, total_cents,
            address, phone, status, created_at)
          select user_id, email, tool_id, name, image, unit_price_cents, quantity, total_cents, address, phone,
            'unpaid', now()
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
});

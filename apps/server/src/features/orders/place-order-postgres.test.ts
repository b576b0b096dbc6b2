// What placing an order costs PostgreSQL, read from its own statistics: taking a tool's stock is an
// in-place (HOT) update (migration 0017), no index entry is written. With the featured index on
// available_quantity < min_quantity, none was.
import * as schema from "@toolshop/db/schema";
import { testDatabaseTargets } from "@toolshop/db/test-support";
import { createTestDatabase } from "@toolshop/db/testing";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addCustomer, addTool } from "../../testing/fixtures";
import type { OrdersContext } from "./context";
import { createOrder } from "./place-order";
import { ordersContext } from "./test-fixtures";

// PostgreSQL only: the point is the production database's planner and its statistics.
const postgres = testDatabaseTargets().find((target) => target.options.kind === "postgres");
const ORDER = { address: "1 Main St", phone: "+1 555-0100", quantity: 1 };

describe.skipIf(!postgres || postgres.skip)("placing an order, as PostgreSQL counts it", () => {
  let close: () => Promise<void>;
  // One connection: its counts are flushed by it.
  let connection: pg.Client;
  let ctx: OrdersContext;
  beforeAll(async () => {
    const handle = await createTestDatabase(postgres?.options ?? { kind: "pglite" });
    connection = new pg.Client({ connectionString: (handle.client as pg.Pool).options.connectionString });
    await connection.connect();
    close = async () => {
      await connection.end();
      await handle.close();
    };
    ({ ctx } = ordersContext(drizzle({ client: connection, schema })));
  });
  afterAll(() => close?.());

  it("takes a tool's stock in place, writing no index entry", async () => {
    const tool = await addTool(ctx.db, { availableQuantity: 1_000, minQuantity: 1 });
    const customer = await addCustomer(ctx.db);
    const before = await tableCounts("n_tup_upd", "n_tup_hot_upd");
    for (let i = 0; i < 3; i++) await createOrder(ctx, customer, { ...ORDER, toolId: tool.id });
    const after = await tableCounts("n_tup_upd", "n_tup_hot_upd");
    const added = (column: string) => (after[column] ?? 0) - (before[column] ?? 0);
    expect(added("tools_n_tup_upd")).toBe(3);
    expect(added("tools_n_tup_hot_upd")).toBe(3);
  });

  /** `columns` of pg_stat_user_tables for the order's tables, this connection's own counts flushed first. */
  async function tableCounts(...columns: string[]): Promise<Record<string, number>> {
    await connection.query("select pg_stat_force_next_flush()");
    // A statement of its own, so that the flush above has happened; then a fresh stats snapshot.
    await connection.query("select pg_stat_clear_snapshot()");
    const { rows } = await connection.query<Record<string, string>>(
      `select relname, ${columns.join(", ")} from pg_stat_user_tables
       where relname in ('idempotency_keys', 'orders', 'tools')`,
    );
    return Object.fromEntries(
      rows.flatMap((row) => columns.map((column) => [`${row.relname}_${column}`, Number(row[column])])),
    );
  }
});

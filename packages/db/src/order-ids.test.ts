// Migration 0021: orders and their history lines get time-ordered ids (UUID version 7), so that a new
// order's index entries go next to the previous one's (decision 0026).
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "./client";
import { orderStatusHistory, orders, users } from "./schema";
import { queryRows, testDatabaseTargets } from "./test-support";
import { createTestDatabase } from "./testing";

const rfc9562V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
/** The Unix time in milliseconds that a version-7 id starts with. */
const millisecondsOf = (id: string) => Number.parseInt(id.replace(/-/g, "").slice(0, 12), 16);
function only<Row>(rows: Row[]): Row {
  const [row] = rows;
  if (!row || rows.length > 1) throw new Error(`expected one row, got ${rows.length}`);
  return row;
}

for (const target of testDatabaseTargets()) {
  describe.skipIf(target.skip)(`order ids ${target.title}`, () => {
    let handle: DatabaseHandle;
    let userId: string;
    beforeAll(async () => {
      handle = await createTestDatabase(target.options);
      userId = only(await handle.db.insert(users).values({ email: "ada@example.com" }).returning()).id;
    });
    afterAll(async () => {
      await handle?.close();
    });

    const placeOrder = async () => {
      const order = only(
        await handle.db
          .insert(orders)
          .values({
            userId,
            email: "ada@example.com",
            totalCents: 100,
            address: "1 Main St",
            phone: "555",
          })
          .returning(),
      );
      const line = only(
        await handle.db
          .insert(orderStatusHistory)
          .values({ orderId: order.id, status: "unpaid" })
          .returning(),
      );
      return { order, line };
    };

    it("gives a new order and its history line version-7 ids that carry the time they were made", async () => {
      const before = Date.now();
      const { order, line } = await placeOrder();
      const after = Date.now();
      for (const id of [order.id, line.id]) {
        expect(id).toMatch(rfc9562V7);
        // The database's clock and this process's are the same machine's; a little slack for rounding.
        expect(millisecondsOf(id)).toBeGreaterThanOrEqual(before - 5);
        expect(millisecondsOf(id)).toBeLessThanOrEqual(after + 5);
      }
    });

    it("gives ids that rise with time, and never the same one twice", async () => {
      const placed = [];
      for (let n = 0; n < 5; n++) {
        placed.push(await placeOrder());
        await new Promise((resolve) => setTimeout(resolve, 3));
      }
      const ids = placed.map(({ order }) => order.id);
      expect([...ids].sort()).toEqual(ids);
      const many = await queryRows<{ distinct: number }>(
        handle.db,
        sql`select count(distinct uuid_v7())::int as distinct from generate_series(1, 10000)`,
      );
      expect(many).toEqual([{ distinct: 10000 }]);
    });
  });
}

import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import type { Database, DatabaseHandle } from "@toolshop/db/client";
import { orders } from "@toolshop/db/schema";
import { testDatabaseTargets } from "@toolshop/db/test-support";
import { createTestDatabase } from "@toolshop/db/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DomainEvent } from "../../lib/domain-events";
import { freshPostgres, missingBackends } from "../../resilience/support/backends";
import { addCustomer, addTool, stockOf } from "../../testing/fixtures";
import { type ExpiryContext, expireUnpaidOrders } from "./expiry";

const HOLD_MINUTES = 60;

/** `count` unpaid orders of 2 units each, placed `minutesAgo`, on a tool with 100 units left. */
async function unpaidOrders(db: Database, count: number, minutesAgo: number) {
  const customer = await addCustomer(db);
  const tool = await addTool(db, { availableQuantity: 100 });
  const rows = await db
    .insert(orders)
    .values(
      Array.from({ length: count }, () => ({
        userId: customer.id,
        email: customer.email,
        toolId: tool.id,
        name: tool.name,
        image: tool.image,
        unitPriceCents: 100,
        quantity: 2,
        totalCents: 200,
        address: "1 Main St",
        phone: "555 0100",
        createdAt: new Date(Date.now() - minutesAgo * 60_000),
      })),
    )
    .returning({ id: orders.id });
  return { tool, ids: rows.map((row) => row.id) };
}

for (const target of testDatabaseTargets()) {
  describe.skipIf(target.skip)(`reservation expiry ${target.title}`, () => {
    let handle: DatabaseHandle;
    let ctx: ExpiryContext;
    const published: DomainEvent[] = [];
    beforeAll(async () => {
      handle = await createTestDatabase(target.options);
      const events = { publish: async (event: DomainEvent) => void published.push(event) };
      ctx = { db: handle.db, currency: "usd", unpaidOrderHoldMinutes: HOLD_MINUTES, events };
    });
    afterAll(async () => {
      await handle?.close();
    });

    it("cancels only unpaid orders older than the hold, releases their stock once and says so", async () => {
      const old = await unpaidOrders(handle.db, 2, HOLD_MINUTES + 1);
      const fresh = await unpaidOrders(handle.db, 1, HOLD_MINUTES - 5);

      const expired = await expireUnpaidOrders(ctx);
      expect(expired.map((row) => row.id).sort()).toEqual([...old.ids].sort());
      expect(await stockOf(handle.db, old.tool.id)).toBe(104);
      expect(await stockOf(handle.db, fresh.tool.id)).toBe(100);
      const [kept] = await handle.db
        .select()
        .from(orders)
        .where(eq(orders.id, fresh.ids[0] ?? ""));
      expect(kept?.status).toBe("unpaid");
      // Published after commit, one OrderCancelled per expired order (the mail and the cache hear it).
      expect(
        published.map((event) => event.type === "OrderCancelled" && [event.order._id, event.reason]),
      ).toEqual(expect.arrayContaining(old.ids.map((id) => [id, "expiry"])));
      expect(published).toHaveLength(2);
      // The order keeps why it was cancelled: My orders says "Reservation expired" only for these.
      expect(expired.map((row) => row.cancelReason)).toEqual(["expiry", "expiry"]);

      // A second pass finds nothing more to release.
      expect(await expireUnpaidOrders(ctx)).toEqual([]);
      expect(await stockOf(handle.db, old.tool.id)).toBe(104);
    });
  });
}

const skipped = missingBackends({ postgres: true });
const run = promisify(execFile);
const worker = fileURLToPath(new URL("./expiry-worker.ts", import.meta.url));

describe.skipIf(skipped)(`reservation expiry in two processes on one PostgreSQL${skipped}`, () => {
  it("releases each expired order's stock exactly once", async () => {
    const database = await freshPostgres();
    try {
      const { tool, ids } = await unpaidOrders(database.handle.db, 40, HOLD_MINUTES + 1);
      const args = [database.url, String(HOLD_MINUTES), String(Date.now() + 3_000)];
      const outputs = await Promise.all(
        [1, 2].map(() => run(process.execPath, ["--import", "tsx", worker, ...args])),
      );
      const claimed = outputs.flatMap((output) => JSON.parse(output.stdout) as string[]);
      // Every order was cancelled by exactly one of the two processes.
      expect(claimed.sort()).toEqual([...ids].sort());
      expect(await stockOf(database.handle.db, tool.id)).toBe(100 + 40 * 2);
    } finally {
      await database.handle.close();
    }
  }, 60_000);
});

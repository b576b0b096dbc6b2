import type { DatabaseHandle } from "@toolshop/db/client";
import { idempotencyKeys } from "@toolshop/db/schema";
import { testDatabaseTargets } from "@toolshop/db/test-support";
import { createTestDatabase } from "@toolshop/db/testing";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addCustomer, addTool, ordersOfTool, stockOf } from "../../testing/fixtures";
import type { OrdersContext } from "./context";
import { IDEMPOTENCY_KEY_TTL_MS, pruneExpiredIdempotencyKeys } from "./idempotency-keys";
import { createOrder } from "./place-order";
import { deleteOrder } from "./service";
import { ordersContext } from "./test-fixtures";

const HOUR_MS = 60 * 60 * 1000;

for (const target of testDatabaseTargets()) {
  describe.skipIf(target.skip)(`Idempotency-Key expiry ${target.title}`, () => {
    let handle: DatabaseHandle;
    let ctx: OrdersContext;
    beforeAll(async () => {
      handle = await createTestDatabase(target.options);
      ({ ctx } = ordersContext(handle.db));
    });
    afterAll(async () => {
      await handle?.close();
    });

    /** Makes the customer's key look `ageMs` old. */
    async function age(userId: string, key: string, ageMs: number) {
      await handle.db
        .update(idempotencyKeys)
        .set({ createdAt: new Date(Date.now() - ageMs) })
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
    }

    async function keysOf(userId: string) {
      const rows = await handle.db
        .select({ key: idempotencyKeys.key })
        .from(idempotencyKeys)
        .where(eq(idempotencyKeys.userId, userId));
      return rows.map((row) => row.key).sort();
    }

    it("still answers the first order for a key used 23 hours ago", async () => {
      const customer = await addCustomer(handle.db);
      const tool = await addTool(handle.db, { availableQuantity: 100 });
      const body = { toolId: tool.id, address: "a", phone: "1", quantity: 10 };
      const first = await createOrder(ctx, customer, body, "visit-1");
      await age(customer.id, "visit-1", IDEMPOTENCY_KEY_TTL_MS - HOUR_MS);

      const again = await createOrder(ctx, customer, body, "visit-1");
      expect(again).toEqual({ order: first.order, replayed: true });
      expect(await stockOf(handle.db, tool.id)).toBe(90);
    });

    it("treats a key older than 24 hours as new: a new order, remembered from then on", async () => {
      const customer = await addCustomer(handle.db);
      const tool = await addTool(handle.db, { availableQuantity: 100 });
      const body = { toolId: tool.id, address: "a", phone: "1", quantity: 10 };
      const first = await createOrder(ctx, customer, body, "visit-1");
      await age(customer.id, "visit-1", IDEMPOTENCY_KEY_TTL_MS + HOUR_MS);

      const second = await createOrder(ctx, customer, body, "visit-1");
      expect(second.replayed).toBe(false);
      expect(second.order._id).not.toBe(first.order._id);
      const third = await createOrder(ctx, customer, body, "visit-1");
      expect(third).toEqual({ order: second.order, replayed: true });

      expect(await ordersOfTool(handle.db, tool.id)).toHaveLength(2);
      expect(await stockOf(handle.db, tool.id)).toBe(80);
    });

    it("answers a key whose order was deleted since with a 409 that says so, and places nothing", async () => {
      const customer = await addCustomer(handle.db);
      const tool = await addTool(handle.db, { availableQuantity: 100 });
      const body = { toolId: tool.id, address: "a", phone: "1", quantity: 10 };
      const first = await createOrder(ctx, customer, body, "visit-1");
      await deleteOrder(ctx, customer, first.order._id);

      await expect(createOrder(ctx, customer, body, "visit-1")).rejects.toMatchObject({
        statusCode: 409,
        message:
          "The order placed with this Idempotency-Key was deleted. Please use a new key for a new order.",
      });
      expect(await ordersOfTool(handle.db, tool.id)).toHaveLength(0);
      expect(await stockOf(handle.db, tool.id)).toBe(100);
      expect(await keysOf(customer.id)).toEqual(["visit-1"]);
    });

    it("prunes every customer's expired keys and nothing else", async () => {
      const ann = await addCustomer(handle.db);
      const bob = await addCustomer(handle.db);
      const tool = await addTool(handle.db, { availableQuantity: 100 });
      const body = { toolId: tool.id, address: "a", phone: "1", quantity: 10 };
      await createOrder(ctx, ann, body, "ann-old");
      await createOrder(ctx, ann, body, "ann-new");
      await createOrder(ctx, bob, body, "bob-old");
      await age(ann.id, "ann-old", IDEMPOTENCY_KEY_TTL_MS + HOUR_MS);
      await age(bob.id, "bob-old", IDEMPOTENCY_KEY_TTL_MS + HOUR_MS);

      expect(await pruneExpiredIdempotencyKeys(handle.db)).toBeGreaterThanOrEqual(2);
      expect(await keysOf(ann.id)).toEqual(["ann-new"]);
      expect(await keysOf(bob.id)).toEqual([]);
      // The orders themselves stay.
      expect(await ordersOfTool(handle.db, tool.id)).toHaveLength(3);
    });
  });
}

import type { DatabaseHandle } from "@toolshop/db/client";
import { orderStatusHistory, orders } from "@toolshop/db/schema";
import { testDatabaseTargets } from "@toolshop/db/test-support";
import { createTestDatabase } from "@toolshop/db/testing";
import { ORDER_TRANSITIONS } from "@toolshop/shared/order-lifecycle";
import { type OrderStatus, orderStatusSchema } from "@toolshop/shared/orders";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HttpError } from "../../lib/http-errors";
import { addCustomer, addTool, insertOrders, orderRow, stockOf } from "../../testing/fixtures";
import { runTransition, type Target } from "./order-process";
import { ordersContext } from "./test-fixtures";

const STATUSES = orderStatusSchema.options;
// The table, written out again so that a change to ORDER_TRANSITIONS has to change this too.
const ALLOWED = new Set([
  "unpaid>paid",
  "unpaid>cancelled",
  "paid>shipped",
  "paid>refunded",
  "shipped>delivered",
]);
const PAIRS = STATUSES.flatMap((from) =>
  STATUSES.map((to) => ({ from, to, allowed: ALLOWED.has(`${from}>${to}`) })),
);
// What a move into each status says beside it (a shipment's carrier, a cancellation's reason).
const TARGETS: Record<OrderStatus, Target> = {
  unpaid: { to: "unpaid" },
  paid: { to: "paid" },
  shipped: { to: "shipped", carrier: "UPS", trackingNumber: "1Z9" },
  delivered: { to: "delivered" },
  cancelled: { to: "cancelled", reason: "admin" },
  refunded: { to: "refunded" },
};

describe("the order transition table", () => {
  it("allows exactly the issue's transitions", () => {
    const table = STATUSES.flatMap((from) => ORDER_TRANSITIONS[from].map((to) => `${from}>${to}`));
    expect(new Set(table)).toEqual(ALLOWED);
  });
});

for (const target of testDatabaseTargets()) {
  describe.skipIf(target.skip)(`order transitions in the database ${target.title}`, () => {
    let handle: DatabaseHandle;
    let ctx: ReturnType<typeof ordersContext>["ctx"];
    beforeAll(async () => {
      handle = await createTestDatabase(target.options);
      ctx = ordersContext(handle.db).ctx;
    });
    afterAll(async () => {
      await handle?.close();
    });

    async function orderIn(status: OrderStatus) {
      const customer = await addCustomer(handle.db);
      const tool = await addTool(handle.db, { availableQuantity: 10 });
      // An order past unpaid took a payment (a refund's check asks for it).
      const paymentIntentId = status === "unpaid" || status === "cancelled" ? null : "pi_lifecycle";
      const [row] = await insertOrders(
        handle.db,
        orderRow(customer, tool, { unitPriceCents: 100, quantity: 3, status, paymentIntentId }),
      );
      if (!row) throw new Error("no order inserted");
      return { row, tool };
    }

    it.each(PAIRS)(
      "$from → $to: allowed $allowed, or 409 with a sentence and nothing changed",
      async ({ from, to, allowed }) => {
        const { row, tool } = await orderIn(from);
        const attempt = runTransition(ctx, row.id, TARGETS[to]);
        if (allowed) {
          await expect(attempt).resolves.toMatchObject({ row: { id: row.id, status: to } });
          const history = await handle.db
            .select({ status: orderStatusHistory.status })
            .from(orderStatusHistory)
            .where(eq(orderStatusHistory.orderId, row.id))
            .orderBy(asc(orderStatusHistory.at));
          expect(history.map((line) => line.status)).toEqual([to]);
          const released = to === "cancelled" || to === "refunded";
          expect(await stockOf(handle.db, tool.id)).toBe(released ? 13 : 10);
        } else {
          const error = await attempt.catch((caught: unknown) => caught);
          expect(error).toBeInstanceOf(HttpError);
          expect((error as HttpError).statusCode).toBe(409);
          expect((error as HttpError).message).toMatch(/^This order .+, so it cannot be .+\.$/);
          const [current] = await handle.db.select().from(orders).where(eq(orders.id, row.id));
          expect(current?.status).toBe(from);
          expect(await stockOf(handle.db, tool.id)).toBe(10);
        }
      },
    );

    it("lets only one of two concurrent cancellations release the stock", async () => {
      const { row, tool } = await orderIn("unpaid");
      const results = await Promise.allSettled([
        runTransition(ctx, row.id, TARGETS.cancelled),
        runTransition(ctx, row.id, TARGETS.cancelled),
      ]);
      expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
      expect(await stockOf(handle.db, tool.id)).toBe(13);
    });
  });
}

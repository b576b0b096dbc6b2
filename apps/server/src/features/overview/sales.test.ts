// The per-day sales tables (decision 0048) kept right through the API: orders paid on the test gateway,
// a line refunded in part, an order refunded whole, an order whose every line is refunded; after each
// step the kept rows equal the recount from the orders, and the overview answers the hand count (its
// kept sales figures dropped by the refunds' events).
import { recountSales } from "@toolshop/db/sales";
import { salesByDay, toolSalesByDay } from "@toolshop/db/schema";
import { testDatabaseTargets } from "@toolshop/db/test-support";
import { type Order, orderSchema } from "@toolshop/shared/orders";
import type { Overview } from "@toolshop/shared/overview";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, type SignedInCustomer, signedInCustomer } from "../../testing/api-client";
import { addTool } from "../../testing/fixtures";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { payThroughCheckout } from "../orders/test-fixtures";

const WHERE = { address: "1 Main St", phone: "+1 555-0100" };

for (const target of testDatabaseTargets()) {
  describe.skipIf(target.skip)(`the per-day sales kept by payments and refunds ${target.title}`, () => {
    let t: TestApp;
    let admin: SignedInCustomer;
    let customer: SignedInCustomer;
    beforeAll(async () => {
      t = await createTestApp(target.options);
      admin = await signedInCustomer(t, { role: "admin" });
      customer = await signedInCustomer(t);
    });
    afterAll(async () => {
      await t?.close();
    });

    /** Both tables' rows that count something, in a stable order. */
    async function salesRows() {
      const db = t.database.db;
      const days = await db.select().from(salesByDay);
      const tools = await db.select().from(toolSalesByDay);
      return {
        days: days.filter((row) => row.paidOrders !== 0 || row.revenueCents !== 0).sort(by("day")),
        tools: tools
          .filter((row) => row.quantity !== 0 || row.revenueCents !== 0)
          .sort((a, b) => `${a.day}${a.toolId}`.localeCompare(`${b.day}${b.toolId}`)),
      };
    }
    const by =
      <K extends string>(key: K) =>
      (a: Record<K, string>, b: Record<K, string>) =>
        a[key].localeCompare(b[key]);

    /** The kept rows, checked against the recount from the orders (which then replaces them: equal). */
    async function expectKeptEqualsRecount() {
      const kept = await salesRows();
      await recountSales(t.database.db);
      expect(kept).toEqual(await salesRows());
      return kept;
    }

    async function placeAndPay(lines: { toolId: string; quantity: number }[]): Promise<Order> {
      const placed = await call(t.app, customer, "POST", "/api/orders", { lines, ...WHERE });
      expect(placed.statusCode, placed.body).toBe(201);
      const order = orderSchema.parse(placed.json());
      await payThroughCheckout(t.app, customer, order._id);
      return order;
    }

    async function refund(orderId: string, body?: object) {
      const response = await call(t.app, admin, "POST", `/api/orders/${orderId}/refund`, body);
      expect(response.statusCode, response.body).toBe(200);
      return orderSchema.parse(response.json());
    }

    async function overviewNow(): Promise<Overview> {
      const response = await call(t.app, admin, "GET", "/api/overview");
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    }

    it("counts each payment, a line refunded in part, a whole refund and a refund of every line", async () => {
      const db = t.database.db;
      // Pliers 12.50, drill 89.00, level 20.00.
      const pliers = await addTool(db, { priceCents: 1250, minQuantity: 1, availableQuantity: 100 });
      const drill = await addTool(db, { priceCents: 8900, minQuantity: 1, availableQuantity: 100 });
      const level = await addTool(db, { priceCents: 2000, minQuantity: 1, availableQuantity: 100 });
      const today = new Date().toISOString().slice(0, 10);

      // 4 pliers + 1 drill = 139.00; 2 levels = 40.00; 1 pliers + 1 level = 32.50.
      const kept = await placeAndPay([
        { toolId: pliers.id, quantity: 4 },
        { toolId: drill.id, quantity: 1 },
      ]);
      const refundedWhole = await placeAndPay([{ toolId: level.id, quantity: 2 }]);
      const refundedByLines = await placeAndPay([
        { toolId: pliers.id, quantity: 1 },
        { toolId: level.id, quantity: 1 },
      ]);
      const tool = (toolId: string, revenueCents: number, quantity: number) => ({
        day: today,
        toolId,
        revenueCents,
        quantity,
      });
      const paid = await expectKeptEqualsRecount();
      expect(paid.days).toEqual([{ day: today, paidOrders: 3, revenueCents: 13_900 + 4_000 + 3_250 }]);
      expect(paid.tools).toEqual(
        [tool(pliers.id, 6_250, 5), tool(drill.id, 8_900, 1), tool(level.id, 6_000, 3)].sort(by("toolId")),
      );

      // The overview's sales figures are kept from here (routes.ts) until a refund changes them.
      expect((await overviewNow()).totals).toEqual({ revenue: 211.5, paidOrders: 3 });

      // One of the four pliers back: 12.50 less, on the day the order was paid.
      await refund(kept._id, { lines: [{ toolId: pliers.id, quantity: 1 }] });
      // The level order refunded whole; the last order's lines one by one until it is refunded.
      await refund(refundedWhole._id);
      await refund(refundedByLines._id, { lines: [{ toolId: level.id, quantity: 1 }] });
      const lastLine = await refund(refundedByLines._id, { lines: [{ toolId: pliers.id, quantity: 1 }] });
      expect(lastLine.status).toBe("refunded");

      const refunded = await expectKeptEqualsRecount();
      expect(refunded.days).toEqual([{ day: today, paidOrders: 1, revenueCents: 13_900 - 1_250 }]);
      expect(refunded.tools).toEqual(
        [tool(pliers.id, 3_750, 3), tool(drill.id, 8_900, 1)].sort(by("toolId")),
      );

      const overview = await overviewNow();
      expect(overview.totals).toEqual({ revenue: 126.5, paidOrders: 1 });
      expect(overview.series.at(-1)).toEqual({ day: today, revenue: 126.5, paidOrders: 1 });
      expect(overview.topTools.map((top) => [top.toolId, top.revenue, top.quantity])).toEqual([
        [drill.id, 89, 1],
        [pliers.id, 37.5, 3],
      ]);
    });
  });
}

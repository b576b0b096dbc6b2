// The owner's overview (issue 50) against a hand-counted fixture: orders paid on several days, in every
// status, a line refunded in part, tools with and without their own low-stock threshold.
import { recountSales } from "@toolshop/db/sales";
import { orderLines, quotes, tools } from "@toolshop/db/schema";
import { testDatabaseTargets } from "@toolshop/db/test-support";
import type { Overview } from "@toolshop/shared/overview";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, type SignedInCustomer, signedInCustomer } from "../../testing/api-client";
import { addCustomer, addTool, insertOrders, orderRow } from "../../testing/fixtures";
import { createTestApp, type TestApp } from "../../testing/test-app";

const daysAgo = (days: number) => sql`now() - make_interval(days => ${days})`;

for (const target of testDatabaseTargets()) {
  describe.skipIf(target.skip)(`GET /api/overview ${target.title}`, () => {
    let t: TestApp;
    let admin: SignedInCustomer;
    let customer: SignedInCustomer;
    const ids: Record<"a" | "b" | "c" | "d", string> = { a: "", b: "", c: "", d: "" };

    beforeAll(async () => {
      t = await createTestApp(target.options);
      admin = await signedInCustomer(t, { role: "admin" });
      customer = await signedInCustomer(t);
      const db = t.database.db;
      const buyer = await addCustomer(db);
      // A: 10.00, stock 3 under its default threshold 2 x 2 = 4. B: 25.00, stock 50 under its own 60.
      // C: 7.00, stock 10 at its default 5 x 2 (not below). D: sold out, its own threshold 0 (not below).
      const a = await addTool(db, { priceCents: 1000, minQuantity: 2, availableQuantity: 3 });
      const b = await addTool(db, { priceCents: 2500, minQuantity: 1, availableQuantity: 50 });
      const c = await addTool(db, { priceCents: 700, minQuantity: 5, availableQuantity: 10 });
      const d = await addTool(db, { priceCents: 900, minQuantity: 1, availableQuantity: 0 });
      Object.assign(ids, { a: a.id, b: b.id, c: c.id, d: d.id });
      await db.update(tools).set({ name: "Alpha" }).where(eq(tools.id, a.id));
      await db.update(tools).set({ name: "Bravo", lowStockThreshold: 60 }).where(eq(tools.id, b.id));
      await db.update(tools).set({ name: "Charlie" }).where(eq(tools.id, c.id));
      await db.update(tools).set({ name: "Delta", lowStockThreshold: 0 }).where(eq(tools.id, d.id));
      const order = (tool: { id: string; priceCents: number }, quantity: number, more: object) =>
        orderRow(buyer, tool, { unitPriceCents: tool.priceCents, quantity, ...more });
      await insertOrders(db, [
        // Today: 30.00 + 50.00 in two orders.
        order(a, 3, { status: "paid", paidAt: daysAgo(0) }),
        order(b, 2, { status: "shipped", paidAt: daysAgo(0) }),
        // Five days ago: a cancelled and a wholly refunded order, both once paid: no revenue.
        order(a, 10, { status: "cancelled", paidAt: daysAgo(5) }),
        order(b, 2, { status: "refunded", paidAt: daysAgo(5) }),
        // Unpaid: no revenue, two unpaid orders.
        order(a, 1, { status: "unpaid", createdAt: daysAgo(12) }),
        order(c, 1, { status: "unpaid" }),
        // 29 days ago, the 30 days' first: 7.00. 45 days ago: 100.00 (90 days only). 95: never.
        order(c, 1, { status: "paid", paidAt: daysAgo(29) }),
        order(b, 4, { status: "delivered", paidAt: daysAgo(45) }),
        order(a, 100, { status: "paid", paidAt: daysAgo(95) }),
      ]);
      // Five days ago, delivered: 4 x A (one refunded) + 1 x B = 30.00 + 25.00 kept of 65.00.
      const [twoLines] = await insertOrders(
        db,
        order(a, 4, { status: "delivered", paidAt: daysAgo(5), totalCents: 6500 }),
      );
      if (!twoLines) throw new Error("no order inserted");
      await db.update(orderLines).set({ refundedQuantity: 1 }).where(eq(orderLines.orderId, twoLines.id));
      await db.insert(orderLines).values({
        orderId: twoLines.id,
        position: 1,
        toolId: b.id,
        name: b.name,
        image: b.image,
        unitPriceCents: 2500,
        quantity: 1,
        totalCents: 2500,
      });
      // The rows went straight into the tables: the per-day sales count them as the migration would.
      await recountSales(db);
      await db.insert(quotes).values(
        [false, true, false].map((handled, i) => ({
          name: "Q",
          email: `q${i}@example.com`,
          message: "m",
          handled,
        })),
      );
    });
    afterAll(async () => {
      await t?.close();
    });

    const get = async (query: string, who: SignedInCustomer | undefined = admin) =>
      call(t.app, who, "GET", `/api/overview${query}`);

    it("counts the last 30 days by hand: revenue kept per day of payment, top tools, low stock, open quotes, unpaid", async () => {
      const response = await get("");
      expect(response.statusCode, response.body).toBe(200);
      const answer: Overview = response.json();
      expect(answer.days).toBe(30);
      expect(answer.series).toHaveLength(30);
      const byAge = (age: number) => answer.series[29 - age];
      expect(byAge(0)).toMatchObject({ revenue: 80, paidOrders: 2 });
      expect(byAge(5)).toMatchObject({ revenue: 55, paidOrders: 1 });
      expect(byAge(29)).toMatchObject({ revenue: 7, paidOrders: 1 });
      const others = answer.series.filter((_, i) => ![29, 24, 0].includes(i));
      expect(others.every((day) => day.revenue === 0 && day.paidOrders === 0)).toBe(true);
      // Consecutive calendar days, oldest first.
      const dates = answer.series.map((day) => Date.parse(`${day.day}T00:00:00Z`));
      expect(dates.slice(1).every((date, i) => date - (dates[i] ?? 0) === 86_400_000)).toBe(true);
      expect(answer.totals).toEqual({ revenue: 142, paidOrders: 4 });
      expect(answer.topTools).toEqual([
        { toolId: ids.b, name: "Bravo", revenue: 75, quantity: 3 },
        { toolId: ids.a, name: "Alpha", revenue: 60, quantity: 6 },
        { toolId: ids.c, name: "Charlie", revenue: 7, quantity: 1 },
      ]);
      expect(answer.lowStock).toEqual({
        count: 2,
        tools: [
          { toolId: ids.a, name: "Alpha", availableQuantity: 3, threshold: 4, thresholdIsDefault: true },
          { toolId: ids.b, name: "Bravo", availableQuantity: 50, threshold: 60, thresholdIsDefault: false },
        ],
      });
      expect(answer.openQuotes).toEqual({ count: 2, more: false });
      expect(answer.unpaidOrders).toBe(2);
    });

    it("takes 90 days when asked", async () => {
      const answer: Overview = (await get("?days=90")).json();
      expect(answer.series).toHaveLength(90);
      expect(answer.series[89 - 45]).toMatchObject({ revenue: 100, paidOrders: 1 });
      expect(answer.totals).toEqual({ revenue: 242, paidOrders: 5 });
      expect(answer.topTools[0]).toEqual({ toolId: ids.b, name: "Bravo", revenue: 175, quantity: 7 });
    });

    it("refuses any other period with a clear message", async () => {
      for (const days of ["7", "31", "abc", "-30", "30.0", "9".repeat(400)]) {
        const response = await get(`?days=${days}`);
        expect(response.statusCode, days).toBe(400);
        expect(response.json().message).toContain("days must be 30 or 90");
      }
    });

    it("is for admins only: a customer gets 403, a visitor 401", async () => {
      expect((await get("", customer)).statusCode).toBe(403);
      expect((await call(t.app, undefined, "GET", "/api/overview")).statusCode).toBe(401);
    });
  });
}

// Issue 47, finding 2: a customer cannot hold a tool's stock by starting payments they never make. Their
// unpaid orders, each with POST /create-payment-intent, expire after UNPAID_ORDER_HOLD_MINUTES like any
// other, and the payments they started can no longer be paid.

import { orders } from "@toolshop/db/schema";
import { testDatabaseTargets } from "@toolshop/db/test-support";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoiceSettings } from "../features/invoices/settings";
import { expireUnpaidOrders } from "../features/orders/expiry";
import { TEST_GATEWAY_SECRET, VALID_CARD } from "../features/orders/test-fixtures";
import { TestPaymentGateway } from "../features/payments/test-gateway";
import { call, signedInCustomer } from "../testing/api-client";
import { addTool } from "../testing/fixtures";
import { createTestApp, type TestApp } from "../testing/test-app";

for (const target of testDatabaseTargets()) {
  describe.skipIf(target.skip)(`unpaid orders with a payment started ${target.title}`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(target.options);
    });
    afterAll(async () => {
      await t?.close();
    });

    it("hold a tool's stock only until the hold ends, then another customer can buy it", async () => {
      const hoarder = await signedInCustomer(t);
      const buyer = await signedInCustomer(t);
      const tool = await addTool(t.database.db, { minQuantity: 1, availableQuantity: 6 });
      const order = { toolId: tool.id, address: "1 Main St", phone: "5550100", quantity: 2 };
      const held: { id: string; clientSecret: string }[] = [];
      // As many unpaid orders as one customer may hold (MAX_UNPAID_ORDERS_PER_CUSTOMER), each paying.
      for (let i = 0; i < t.app.config.maxUnpaidOrdersPerCustomer; i++) {
        const placed = await call(t.app, hoarder, "POST", "/api/orders", order);
        expect(placed.statusCode, placed.body).toBe(201);
        const id: string = placed.json()._id;
        const started = await call(t.app, hoarder, "POST", "/api/create-payment-intent", { orderId: id });
        held.push({ id, clientSecret: started.json().clientSecret });
      }
      const soldOut = await call(t.app, buyer, "POST", "/api/orders", order);
      expect(soldOut.statusCode).toBe(409);

      // The hold ends, and the periodic task's next pass comes.
      const hold = t.app.config.unpaidOrderHoldMinutes;
      for (const { id } of held) {
        await t.database.db
          .update(orders)
          .set({ createdAt: new Date(Date.now() - (hold + 1) * 60_000) })
          .where(eq(orders.id, id));
      }
      const { db, events, config } = t.app;
      const gateway = new TestPaymentGateway(db, TEST_GATEWAY_SECRET);
      await expireUnpaidOrders({
        db,
        events,
        gateway,
        currency: config.currency,
        unpaidOrderHoldMinutes: hold,
        invoicing: invoiceSettings(config),
      });

      const bought = await call(t.app, buyer, "POST", "/api/orders", order);
      expect(bought.statusCode, bought.body).toBe(201);
      for (const { id, clientSecret } of held) {
        const page = await call(t.app, hoarder, "GET", `/api/payment/${id}`);
        expect(page.json()).toMatchObject({ status: "cancelled", cancelReason: "expiry" });
        const paying = await call(t.app, hoarder, "POST", "/api/test-gateway/confirm", {
          clientSecret,
          card: VALID_CARD,
        });
        expect(paying.json()).toEqual({
          error: { message: "This payment was cancelled. Reload the page to pay again." },
        });
      }
    });
  });
}

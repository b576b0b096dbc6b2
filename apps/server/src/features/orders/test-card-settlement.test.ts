// The test gateway's card payment and the order it pays commit in one statement (payTestIntentAndOrder):
// the order is paid, with its history line and one OrderPaid, or it stays as it was and the outcome
// says why; the intent is never charged twice.
import type { DatabaseHandle } from "@toolshop/db/client";
import { orderStatusHistory, orders } from "@toolshop/db/schema";
import { testDatabaseTargets } from "@toolshop/db/test-support";
import { createTestDatabase } from "@toolshop/db/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addCustomer, addTool } from "../../testing/fixtures";
import type { OrdersContext } from "./context";
import { payTestIntentAndOrder, startPayment } from "./payment";
import { createOrder } from "./place-order";
import { ordersContext, VALID_CARD } from "./test-fixtures";

for (const target of testDatabaseTargets()) {
  describe.skipIf(target.skip)(`a test card payment settles its order ${target.title}`, () => {
    let handle: DatabaseHandle;
    let ctx: OrdersContext;
    let gateway: ReturnType<typeof ordersContext>["gateway"];
    let paidAnnouncements: ReturnType<typeof ordersContext>["paidAnnouncements"];
    beforeAll(async () => {
      handle = await createTestDatabase(target.options);
      ({ ctx, gateway, paidAnnouncements } = ordersContext(handle.db));
    });
    afterAll(async () => {
      await handle?.close();
    });

    /** An unpaid order of 2 x 18.90 with its payment started: the order's id and the client secret. */
    async function unpaidOrderWithPayment() {
      const customer = await addCustomer(handle.db);
      const tool = await addTool(handle.db, { priceCents: 1890, minQuantity: 1, availableQuantity: 100 });
      const body = { toolId: tool.id, address: "1 Main St", phone: "+1 555-0100", quantity: 2 };
      const { order } = await createOrder(ctx, customer, body);
      const { clientSecret } = await startPayment(ctx, customer, order._id);
      return { orderId: order._id, clientSecret };
    }

    const payWith = (clientSecret: string, card = VALID_CARD, settling = ctx) =>
      gateway.confirmCard(clientSecret, card, { settle: (id) => payTestIntentAndOrder(settling, id) });

    const orderRow = async (orderId: string) => {
      const [row] = await handle.db.select().from(orders).where(eq(orders.id, orderId));
      return row;
    };
    const historyOf = async (orderId: string) =>
      (
        await handle.db
          .select({ status: orderStatusHistory.status })
          .from(orderStatusHistory)
          .where(eq(orderStatusHistory.orderId, orderId))
      ).map((line) => line.status);
    const announcedFor = (orderId: string) => paidAnnouncements.filter((order) => order._id === orderId);

    it("marks the order paid with the card, writes its history line and announces it once", async () => {
      const { orderId, clientSecret } = await unpaidOrderWithPayment();
      const result = await payWith(clientSecret);
      if (!result.ok) throw new Error("the test card was refused");
      expect(result.outcome).toBe("marked-paid");
      expect(result.intent).toMatchObject({
        status: "succeeded",
        orderId,
        amountCents: 3780,
        currency: "usd",
      });

      const row = await orderRow(orderId);
      expect(row).toMatchObject({ status: "paid", transactionId: result.intent.id });
      expect(row?.paymentIntentId).toBe(result.intent.id);
      expect(row?.paidAt).toBeInstanceOf(Date);
      expect(await historyOf(orderId)).toEqual(["unpaid", "paid"]);
      expect(announcedFor(orderId)).toEqual([
        expect.objectContaining({ status: "paid", paid: true, transactionId: result.intent.id, price: 37.8 }),
      ]);
    });

    it("answers the same payment again for a second confirmation, charging and announcing nothing more", async () => {
      const { orderId, clientSecret } = await unpaidOrderWithPayment();
      const first = await payWith(clientSecret);
      const second = await payWith(clientSecret);
      expect(second).toEqual({ ok: true, intent: first.ok && first.intent });
      // Not settled by this confirmation: the route reports it as the webhook would (already paid).
      expect(second.ok && second.outcome).toBeUndefined();
      expect(announcedFor(orderId)).toHaveLength(1);
      expect(await historyOf(orderId)).toEqual(["unpaid", "paid"]);
    });

    it("pays once when five confirmations of one payment arrive together", async () => {
      const { orderId, clientSecret } = await unpaidOrderWithPayment();
      const results = await Promise.all(Array.from({ length: 5 }, () => payWith(clientSecret)));
      expect(results.every((result) => result.ok)).toBe(true);
      expect(results.filter((result) => result.ok && result.outcome === "marked-paid")).toHaveLength(1);
      expect(announcedFor(orderId)).toHaveLength(1);
      expect(await historyOf(orderId)).toEqual(["unpaid", "paid"]);
    });

    it("leaves an order whose total no longer matches the payment unpaid, and says so", async () => {
      const { orderId, clientSecret } = await unpaidOrderWithPayment();
      await handle.db.update(orders).set({ totalCents: 100 }).where(eq(orders.id, orderId));
      const result = await payWith(clientSecret);
      expect(result).toMatchObject({ ok: true, outcome: "mismatch", intent: { status: "succeeded" } });
      expect(await orderRow(orderId)).toMatchObject({ status: "unpaid", transactionId: null, paidAt: null });
      expect(await historyOf(orderId)).toEqual(["unpaid"]);
      expect(announcedFor(orderId)).toEqual([]);
    });

    it("leaves the order unpaid when the payment's currency is not the shop's", async () => {
      const { orderId, clientSecret } = await unpaidOrderWithPayment();
      const result = await payWith(clientSecret, VALID_CARD, { ...ctx, currency: "eur" });
      expect(result).toMatchObject({ ok: true, outcome: "mismatch" });
      expect(await orderRow(orderId)).toMatchObject({ status: "unpaid" });
      expect(announcedFor(orderId)).toEqual([]);
    });

    it("runs nothing for a declined card: the order stays unpaid and its payment open", async () => {
      const { orderId, clientSecret } = await unpaidOrderWithPayment();
      const declined = await payWith(clientSecret, { ...VALID_CARD, number: "4000 0000 0000 0002" });
      expect(declined).toEqual({ ok: false, message: "Your card was declined." });
      expect(await orderRow(orderId)).toMatchObject({ status: "unpaid" });
      const paid = await payWith(clientSecret);
      expect(paid).toMatchObject({ ok: true, outcome: "marked-paid" });
    });
  });
}

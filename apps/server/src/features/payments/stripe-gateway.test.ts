import type { DatabaseHandle } from "@toolshop/db/client";
import { refunds } from "@toolshop/db/schema";
import { testDatabaseTargets } from "@toolshop/db/test-support";
import { createTestDatabase } from "@toolshop/db/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addCustomer, addTool, stockOf } from "../../testing/fixtures";
import type { OrdersContext } from "../orders/context";
import { confirmPayment, startPayment } from "../orders/payment";
import { createOrder } from "../orders/place-order";
import { refundOrder, refundOrderLines } from "../orders/refunds";
import { deleteOrder, getOrderForPayment } from "../orders/service";
import { ordersContext } from "../orders/test-fixtures";
import { createFakeStripe, type FakeStripe } from "./fake-stripe";
import { StripePaymentGateway } from "./stripe-gateway";

for (const target of testDatabaseTargets()) {
  describe.skipIf(target.skip)(`Stripe gateway (Stripe mocked) ${target.title}`, () => {
    let handle: DatabaseHandle;
    let fake: FakeStripe;
    let ctx: OrdersContext;
    beforeAll(async () => {
      handle = await createTestDatabase(target.options);
      fake = createFakeStripe();
      // The shared test context (its events recorded), on the Stripe gateway instead of the test one.
      ctx = {
        ...ordersContext(handle.db).ctx,
        gateway: new StripePaymentGateway(fake.stripe, "pk_test_fake"),
      };
    });
    afterAll(async () => {
      await handle?.close();
    });

    async function placeOrder() {
      const customer = await addCustomer(handle.db);
      const tool = await addTool(handle.db, { priceCents: 1890, minQuantity: 1, availableQuantity: 50 });
      const { order } = await createOrder(ctx, customer, {
        toolId: tool.id,
        address: "1 Main St",
        phone: "5550100",
        quantity: 3,
      });
      return { customer, order, tool };
    }

    it("creates a PaymentIntent for the order's total from the database, once (Stripe mocked)", async () => {
      const { customer, order } = await placeOrder();
      const { clientSecret } = await startPayment(ctx, customer, order._id);
      const [intent] = [...fake.intents.values()].filter((each) => each.metadata.orderId === order._id);
      expect(intent).toMatchObject({ amount: 5670, currency: "usd", client_secret: clientSecret });
      expect(fake.calls.at(-1)).toEqual({
        method: "POST",
        path: "/v1/payment_intents",
        idempotencyKey: `order-${order._id}-after-none`,
      });

      // A second click answers the same open intent instead of creating another.
      expect(await startPayment(ctx, customer, order._id)).toEqual({ clientSecret });
      expect([...fake.intents.values()].filter((each) => each.metadata.orderId === order._id)).toHaveLength(
        1,
      );
    });

    it("marks the order paid only after Stripe says the payment succeeded (Stripe mocked)", async () => {
      const { customer, order } = await placeOrder();
      const { clientSecret } = await startPayment(ctx, customer, order._id);
      const paymentId = clientSecret.split("_secret_")[0] ?? "";

      await expect(confirmPayment(ctx, customer, order._id, "pi_made_up")).rejects.toMatchObject({
        statusCode: 400,
        message: "There is no payment with this transaction id.",
      });
      await expect(confirmPayment(ctx, customer, order._id, paymentId)).rejects.toMatchObject({
        statusCode: 402,
      });
      fake.succeed(paymentId);
      expect(await confirmPayment(ctx, customer, order._id, paymentId)).toMatchObject({
        paid: true,
        transactionId: paymentId,
      });
    });

    it("cancels the open PaymentIntent of a deleted order, and keeps an order whose payment went through (Stripe mocked)", async () => {
      const first = await placeOrder();
      const { clientSecret } = await startPayment(ctx, first.customer, first.order._id);
      const firstPaymentId = clientSecret.split("_secret_")[0] ?? "";
      expect(await deleteOrder(ctx, first.customer, first.order._id)).toEqual({ deletedCount: 1 });
      expect(fake.intents.get(firstPaymentId)?.status).toBe("canceled");

      const second = await placeOrder();
      const secondSecret = await startPayment(ctx, second.customer, second.order._id);
      const secondPaymentId = secondSecret.clientSecret.split("_secret_")[0] ?? "";
      fake.succeed(secondPaymentId);
      await expect(deleteOrder(ctx, second.customer, second.order._id)).rejects.toMatchObject({
        statusCode: 409,
      });
      expect(await getOrderForPayment(ctx, second.customer, second.order._id)).toMatchObject({
        paid: true,
        transactionId: secondPaymentId,
      });
    });

    it("refunds a paid order once through the SDK and restocks it; an unpaid one is refused (Stripe mocked)", async () => {
      const { customer, order, tool } = await placeOrder();
      await expect(refundOrder(ctx, order._id)).rejects.toMatchObject({
        statusCode: 409,
        message: "This order has not been paid yet, so it cannot be refunded.",
      });
      const { clientSecret } = await startPayment(ctx, customer, order._id);
      const paymentId = clientSecret.split("_secret_")[0] ?? "";
      fake.succeed(paymentId);
      await confirmPayment(ctx, customer, order._id, paymentId);
      expect(await stockOf(handle.db, tool.id)).toBe(47);

      expect(await refundOrder(ctx, order._id)).toMatchObject({ status: "refunded", paid: false });
      expect(fake.refunds.filter((refund) => refund.payment_intent === paymentId)).toHaveLength(1);
      // The key is the shop's record of the refund, written before Stripe was asked.
      const records = await handle.db.select().from(refunds).where(eq(refunds.orderId, order._id));
      expect(records).toMatchObject([{ kind: "order", state: "completed", paymentId }]);
      expect(fake.calls.at(-1)).toEqual({
        method: "POST",
        path: "/v1/refunds",
        idempotencyKey: `refund-${records[0]?.id}`,
      });
      expect(await stockOf(handle.db, tool.id)).toBe(50);
      await expect(refundOrder(ctx, order._id)).rejects.toMatchObject({ statusCode: 409 });
      expect(await stockOf(handle.db, tool.id)).toBe(50);
    });

    it("refunds chosen units of a line for their amount only, once whatever the retries (Stripe mocked)", async () => {
      const { customer, order, tool } = await placeOrder();
      const { clientSecret } = await startPayment(ctx, customer, order._id);
      const paymentId = clientSecret.split("_secret_")[0] ?? "";
      fake.succeed(paymentId);
      await confirmPayment(ctx, customer, order._id, paymentId);

      const refunded = await refundOrderLines(ctx, order._id, { lines: [{ toolId: tool.id, quantity: 2 }] });
      expect(refunded).toMatchObject({ status: "paid", lines: [{ refundedQuantity: 2 }] });
      // Two units of 18.90 out of the 56.70 paid.
      expect(
        fake.refunds.filter((refund) => refund.payment_intent === paymentId).map((r) => r.amount),
      ).toEqual([3780]);
      expect(await stockOf(handle.db, tool.id)).toBe(49);
      // The last unit: the whole order is refunded now.
      const last = await refundOrderLines(ctx, order._id, { lines: [{ toolId: tool.id, quantity: 1 }] });
      expect(last).toMatchObject({ status: "refunded", lines: [{ refundedQuantity: 3 }] });
      expect(
        fake.refunds.filter((refund) => refund.payment_intent === paymentId).map((r) => r.amount),
      ).toEqual([3780, 1890]);
      expect(await stockOf(handle.db, tool.id)).toBe(50);
    });
  });
}

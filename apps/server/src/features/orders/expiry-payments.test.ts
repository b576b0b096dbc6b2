// Expiry with a payment started (issue 47, decision 0034), through the API and the mails: the order
// is cancelled and its payment cancelled at the gateway; a payment that still succeeds afterwards is
// refunded and the customer told, once; one that succeeded just before wins. On the test gateway and on
// Stripe, whose servers are mocked (fake-stripe.ts).
import { orders, refunds, testPaymentIntents } from "@toolshop/db/schema";
import { testDatabaseTargets } from "@toolshop/db/test-support";
import { type Order, orderSchema } from "@toolshop/shared/orders";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { call, type SignedInCustomer, signedInCustomer } from "../../testing/api-client";
import { addTool, stockOf } from "../../testing/fixtures";
import { allOutboxMails } from "../../testing/identity-client";
import { createTestApp, type TestApp } from "../../testing/test-app";
import {
  createFakeStripe,
  type FakeStripe,
  paymentSucceededEvent,
  sendStripeWebhook,
} from "../payments/fake-stripe";
import type { PaymentGateway } from "../payments/gateway";
import { TestPaymentGateway } from "../payments/test-gateway";
import { expireUnpaidOrders } from "./expiry";
import { createOrdersContext } from "./routes";
import { onFakeStripe, TEST_GATEWAY_SECRET, VALID_CARD } from "./test-fixtures";

const WEBHOOK_SECRET = "whsec_test_secret_for_expiry";
const REFUNDED_LATE = "This order was cancelled before your payment arrived, so it has been refunded.";

/** An unpaid order of 4 units (100 in stock before it) whose payment was started; its hold is over. */
async function expiredOrderWithPayment(t: TestApp, who: SignedInCustomer) {
  const tool = await addTool(t.database.db, { priceCents: 1890, minQuantity: 1, availableQuantity: 100 });
  const body = { toolId: tool.id, address: "1 Main St", phone: "5550100", quantity: 4 };
  const placed = await call(t.app, who, "POST", "/api/orders", body);
  expect(placed.statusCode, placed.body).toBe(201);
  const order = orderSchema.parse(placed.json());
  const started = await call(t.app, who, "POST", "/api/create-payment-intent", { orderId: order._id });
  expect(started.statusCode, started.body).toBe(200);
  const clientSecret: string = started.json().clientSecret;
  const hold = t.app.config.unpaidOrderHoldMinutes;
  await t.database.db
    .update(orders)
    .set({ createdAt: new Date(Date.now() - (hold + 1) * 60_000) })
    .where(eq(orders.id, order._id));
  return { order, toolId: tool.id, clientSecret, paymentId: clientSecret.split("_secret_")[0] ?? "" };
}

/** One pass of the periodic task, with the app's own event bus and mail queue (and so its mails). */
function expire(t: TestApp, gateway: PaymentGateway) {
  return expireUnpaidOrders(createOrdersContext(t.app, gateway));
}

async function orderNow(t: TestApp, who: SignedInCustomer, order: Order): Promise<Order> {
  return orderSchema.parse((await call(t.app, who, "GET", `/api/payment/${order._id}`)).json());
}

/** The decoded mails to `email` whose subject starts so. */
async function mailsTo(t: TestApp, email: string, subject: string): Promise<string[]> {
  return (await allOutboxMails(t.dataDir)).filter(
    (mail) => mail.includes(`To: ${email}`) && mail.includes(`Subject: ${subject}`),
  );
}

/** Waits for exactly one such mail and answers it; a second one would fail. */
async function theOneMail(t: TestApp, email: string, subject: string): Promise<string> {
  await vi.waitFor(async () => expect(await mailsTo(t, email, subject)).toHaveLength(1), {
    timeout: 15_000,
    interval: 50,
  });
  // Give a duplicate the time to arrive before saying there is none.
  await new Promise((resolve) => setTimeout(resolve, 300));
  const mails = await mailsTo(t, email, subject);
  expect(mails).toHaveLength(1);
  return mails[0] ?? "";
}

for (const target of testDatabaseTargets()) {
  describe.skipIf(target.skip)(
    `expiry of an order with a payment started, test gateway ${target.title}`,
    () => {
      let t: TestApp;
      let gateway: TestPaymentGateway;
      beforeAll(async () => {
        t = await createTestApp(target.options);
        // The test gateway's intents are rows of the shop's database: this one cancels the app's.
        gateway = new TestPaymentGateway(t.app.db, TEST_GATEWAY_SECRET);
      });
      afterAll(async () => {
        await t?.close();
      });

      it("cancels the order and its payment, then refunds the payment that succeeds anyway and mails once", async () => {
        const customer = await signedInCustomer(t);
        const { order, toolId, clientSecret, paymentId } = await expiredOrderWithPayment(t, customer);
        expect(await stockOf(t.database.db, toolId)).toBe(96);

        expect((await expire(t, gateway)).map((row) => row.id)).toContain(order._id);
        expect(await orderNow(t, customer, order)).toMatchObject({
          status: "cancelled",
          cancelReason: "expiry",
        });
        expect(await stockOf(t.database.db, toolId)).toBe(100);
        const card = { clientSecret, card: VALID_CARD, billing: { name: "Ada", email: customer.email } };
        const refused = await call(t.app, customer, "POST", "/api/test-gateway/confirm", card);
        expect(refused.json()).toEqual({
          error: { message: "This payment was cancelled. Reload the page to pay again." },
        });
        await theOneMail(t, customer.email, "Your Toolshop order was cancelled");

        // The gateway took the money after all (a payment under way that still went through).
        await t.database.db
          .update(testPaymentIntents)
          .set({ status: "succeeded" })
          .where(eq(testPaymentIntents.id, paymentId));
        for (let i = 0; i < 2; i++) {
          const patched = await call(t.app, customer, "PATCH", `/api/orders/${order._id}`, {
            transactionId: paymentId,
          });
          expect(patched.statusCode, patched.body).toBe(409);
          expect(patched.json().message).toBe(REFUNDED_LATE);
        }
        const [intent] = await t.database.db
          .select()
          .from(testPaymentIntents)
          .where(eq(testPaymentIntents.id, paymentId));
        expect(intent?.refundedAt).toBeInstanceOf(Date);
        const mail = await theOneMail(t, customer.email, "Your Toolshop order was refunded");
        expect(mail).toContain(
          "Your payment came after this order had been cancelled, so we have refunded it",
        );
        expect(mail).toContain(`Payment id: ${paymentId}`);
        expect(await orderNow(t, customer, order)).toMatchObject({ status: "cancelled", paid: false });
        expect(await stockOf(t.database.db, toolId)).toBe(100);
      });
    },
  );

  describe.skipIf(target.skip)(
    `expiry of an order with a payment started, faked Stripe ${target.title}`,
    () => {
      let t: TestApp;
      let fake: FakeStripe;
      let gateway: PaymentGateway;
      beforeAll(async () => {
        fake = createFakeStripe();
        const options = onFakeStripe(fake, WEBHOOK_SECRET);
        gateway = options.paymentGateway;
        t = await createTestApp(target.options, options);
      });
      afterAll(async () => {
        await t?.close();
      });

      const succeededWebhook = (eventId: string, paymentId: string) =>
        sendStripeWebhook(t.app, paymentSucceededEvent(eventId, fake.intents.get(paymentId)), WEBHOOK_SECRET);

      it("cancels the order and its PaymentIntent through the SDK, and releases the stock (faked Stripe)", async () => {
        const customer = await signedInCustomer(t);
        const { order, toolId, paymentId } = await expiredOrderWithPayment(t, customer);

        expect((await expire(t, gateway)).map((row) => row.id)).toContain(order._id);
        expect(fake.calls).toContainEqual(
          expect.objectContaining({ method: "POST", path: `/v1/payment_intents/${paymentId}/cancel` }),
        );
        expect(fake.intents.get(paymentId)?.status).toBe("canceled");
        expect(await orderNow(t, customer, order)).toMatchObject({
          status: "cancelled",
          cancelReason: "expiry",
        });
        expect(await stockOf(t.database.db, toolId)).toBe(100);
        const mail = await theOneMail(t, customer.email, "Your Toolshop order was cancelled");
        expect(mail).toContain("its reservation expired");
        expect(await expire(t, gateway)).toEqual([]);
        expect(await stockOf(t.database.db, toolId)).toBe(100);
      });

      it("refunds a payment whose webhook arrives after the expiry, mails once, keeps the order cancelled (faked Stripe)", async () => {
        const customer = await signedInCustomer(t);
        const { order, toolId, paymentId } = await expiredOrderWithPayment(t, customer);
        await expire(t, gateway);
        expect(await stockOf(t.database.db, toolId)).toBe(100);

        // Stripe reports a success for the cancelled order; then the browser's PATCH for it comes too.
        fake.succeed(paymentId);
        for (const eventId of ["evt_late_1", "evt_late_2"]) {
          const delivered = await succeededWebhook(eventId, paymentId);
          expect(delivered.statusCode, delivered.body).toBe(200);
        }
        const patched = await call(t.app, customer, "PATCH", `/api/orders/${order._id}`, {
          transactionId: paymentId,
        });
        expect(patched.statusCode, patched.body).toBe(409);
        expect(patched.json().message).toBe(REFUNDED_LATE);

        // One refund at Stripe, however many paths saw the payment: one record, whose id is the key.
        expect(fake.refunds.filter((refund) => refund.payment_intent === paymentId)).toHaveLength(1);
        const records = await t.database.db.select().from(refunds).where(eq(refunds.paymentId, paymentId));
        expect(records).toMatchObject([{ kind: "payment", state: "completed" }]);
        const refundCalls = fake.calls.filter((c) => c.path === "/v1/refunds");
        expect(new Set(refundCalls.map((c) => c.idempotencyKey))).toEqual(
          new Set([`refund-${records[0]?.id}`]),
        );
        const mail = await theOneMail(t, customer.email, "Your Toolshop order was refunded");
        expect(mail).toContain(
          "Your payment came after this order had been cancelled, so we have refunded it",
        );
        expect(await orderNow(t, customer, order)).toMatchObject({
          status: "cancelled",
          paid: false,
          transactionId: paymentId,
        });
        expect(await stockOf(t.database.db, toolId)).toBe(100);
      });

      it("pays, not cancels, an expired order whose payment succeeded just before the expiry (faked Stripe)", async () => {
        const customer = await signedInCustomer(t);
        const { order, toolId, paymentId } = await expiredOrderWithPayment(t, customer);
        fake.succeed(paymentId);

        expect((await expire(t, gateway)).map((row) => row.id)).not.toContain(order._id);
        expect(await orderNow(t, customer, order)).toMatchObject({
          status: "paid",
          transactionId: paymentId,
        });
        expect(await stockOf(t.database.db, toolId)).toBe(96);
        expect(fake.refunds.filter((refund) => refund.payment_intent === paymentId)).toEqual([]);
        await theOneMail(t, customer.email, "Your Toolshop order is paid");
      });
    },
  );
}

import { processedWebhookEvents, testPaymentIntents } from "@toolshop/db/schema";
import { testDatabaseTargets } from "@toolshop/db/test-support";
import { type Order, orderSchema } from "@toolshop/shared/orders";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { call, type SignedInCustomer, signedInCustomer } from "../../testing/api-client";
import { addTool, stockOf } from "../../testing/fixtures";
import { allOutboxMails } from "../../testing/identity-client";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { onFakeStripe, succeedOnFakeStripe } from "../orders/test-fixtures";
import { createFakeStripe, type FakeStripe, paymentSucceededEvent, sendStripeWebhook } from "./fake-stripe";

const WEBHOOK_SECRET = "whsec_test_secret_for_signatures";
const card = (number: string) => ({ number, expMonth: 12, expYear: 2099, cvc: "123" });

async function placeOrder(t: TestApp, who: SignedInCustomer, quantity = 4): Promise<Order> {
  const tool = await addTool(t.database.db, { priceCents: 1890, minQuantity: 1, availableQuantity: 100 });
  const response = await call(t.app, who, "POST", "/api/orders", {
    toolId: tool.id,
    address: "1 Main St",
    phone: "5550100",
    quantity,
  });
  expect(response.statusCode, response.body).toBe(201);
  return orderSchema.parse(response.json());
}

/** The order confirmation mails that name this payment. */
const paidMails = async (t: TestApp, paymentId: string) =>
  (await allOutboxMails(t.dataDir)).filter((mail) => mail.includes(`Payment id: ${paymentId}`));

for (const target of testDatabaseTargets()) {
  describe.skipIf(target.skip)(`paying on the test gateway ${target.title}`, () => {
    let t: TestApp;
    let customer: SignedInCustomer;
    beforeAll(async () => {
      t = await createTestApp(target.options);
      customer = await signedInCustomer(t);
    });
    afterAll(async () => {
      await t?.close();
    });

    const startPayment = async (order: Order) => {
      const response = await call(t.app, customer, "POST", "/api/create-payment-intent", {
        orderId: order._id,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().clientSecret as string;
    };

    it("tells the web to show the test card form", async () => {
      const response = await call(t.app, undefined, "GET", "/api/payment-config");
      expect(response.json()).toEqual({ gateway: "test", publishableKey: null, currency: "usd" });
    });

    it("pays with 4242 4242 4242 4242, marks the order paid once and mails a confirmation", async () => {
      const order = await placeOrder(t, customer);
      const clientSecret = await startPayment(order);
      expect(await startPayment(order)).toBe(clientSecret);

      const confirm = await call(t.app, customer, "POST", "/api/test-gateway/confirm", {
        clientSecret,
        card: card("4242 4242 4242 4242"),
        billing: { name: "Ada", email: customer.email },
      });
      expect(confirm.statusCode).toBe(200);
      const { paymentIntent } = confirm.json();
      expect(paymentIntent).toEqual({ id: expect.stringMatching(/^pi_/), status: "succeeded" });
      // Paid by the confirmation itself, as Stripe's webhook would: before the browser reports it.
      const page = await call(t.app, customer, "GET", `/api/payment/${order._id}`);
      expect(page.json()).toMatchObject({ paid: true, status: "paid", transactionId: paymentIntent.id });

      for (let i = 0; i < 2; i++) {
        const patched = await call(t.app, customer, "PATCH", `/api/orders/${order._id}`, {
          transactionId: paymentIntent.id,
        });
        expect(patched.statusCode).toBe(200);
        expect(patched.json()).toMatchObject({ paid: true, status: "paid", transactionId: paymentIntent.id });
      }
      // The mail is a job: the worker sends it within its poll interval (JOB_POLL_SECONDS).
      await vi.waitFor(async () => expect(await paidMails(t, paymentIntent.id)).toHaveLength(1), {
        timeout: 30_000,
      });
      const [mail] = await paidMails(t, paymentIntent.id);
      expect(mail).toContain(`To: ${customer.email}`);
      expect(mail).toContain("Your Toolshop order is paid");

      const again = await call(t.app, customer, "POST", "/api/create-payment-intent", { orderId: order._id });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe("This order is already paid.");
      const deleted = await call(t.app, customer, "DELETE", `/api/orders/${order._id}`);
      expect(deleted.statusCode).toBe(409);
      expect(deleted.json().message).toBe("A paid order cannot be deleted.");
    });

    it("lets an admin refund a paid order on the test gateway, which puts its units back in stock", async () => {
      const admin = await signedInCustomer(t, { role: "admin" });
      const order = await placeOrder(t, customer, 4);
      const toolId = order.toolId ?? "";
      expect(await stockOf(t.database.db, toolId)).toBe(96);
      const early = await call(t.app, admin, "POST", `/api/orders/${order._id}/refund`);
      expect(early.statusCode).toBe(409);
      expect(early.json().message).toBe("This order has not been paid yet, so it cannot be refunded.");

      const confirm = await call(t.app, customer, "POST", "/api/test-gateway/confirm", {
        clientSecret: await startPayment(order),
        card: card("4242 4242 4242 4242"),
        billing: { name: "Ada", email: customer.email },
      });
      const paymentId = confirm.json().paymentIntent.id;
      await call(t.app, customer, "PATCH", `/api/orders/${order._id}`, { transactionId: paymentId });
      expect((await call(t.app, customer, "POST", `/api/orders/${order._id}/refund`)).statusCode).toBe(403);

      const refunded = await call(t.app, admin, "POST", `/api/orders/${order._id}/refund`);
      expect(refunded.statusCode, refunded.body).toBe(200);
      expect(refunded.json()).toMatchObject({ status: "refunded", paid: false, transactionId: paymentId });
      expect(await stockOf(t.database.db, toolId)).toBe(100);
      const [intent] = await t.database.db
        .select()
        .from(testPaymentIntents)
        .where(eq(testPaymentIntents.id, paymentId));
      expect(intent?.refundedAt).toBeInstanceOf(Date);
      const again = await call(t.app, admin, "POST", `/api/orders/${order._id}/refund`);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe("This order was refunded, so it cannot be refunded.");
      expect(await stockOf(t.database.db, toolId)).toBe(100);
    });

    it("answers a declined card with Stripe's message and leaves the order unpaid", async () => {
      const order = await placeOrder(t, customer);
      const clientSecret = await startPayment(order);
      const confirm = await call(t.app, customer, "POST", "/api/test-gateway/confirm", {
        clientSecret,
        card: card("4000 0000 0000 0002"),
      });
      expect(confirm.json()).toEqual({ error: { message: "Your card was declined." } });
      const page = await call(t.app, customer, "GET", `/api/payment/${order._id}`);
      expect(page.json()).toMatchObject({ paid: false, transactionId: null });
    });

    it("refuses a client secret it never issued, and the Stripe webhook while Stripe is not in use", async () => {
      const unknown = await call(t.app, customer, "POST", "/api/test-gateway/confirm", {
        clientSecret: "pi_test_000_secret_000",
        card: card("4242424242424242"),
      });
      expect(unknown.statusCode).toBe(404);
      const webhook = await t.app.inject({ method: "POST", url: "/api/webhooks/stripe", payload: {} });
      expect(webhook.statusCode).toBe(404);
    });
  });

  describe.skipIf(target.skip)(`paying with Stripe (Stripe mocked) ${target.title}`, () => {
    let t: TestApp;
    let fake: FakeStripe;
    let customer: SignedInCustomer;
    beforeAll(async () => {
      fake = createFakeStripe();
      t = await createTestApp(target.options, onFakeStripe(fake, WEBHOOK_SECRET));
      customer = await signedInCustomer(t);
    });
    afterAll(async () => {
      await t?.close();
    });

    const webhook = (event: object, secret = WEBHOOK_SECRET) => sendStripeWebhook(t.app, event, secret);

    const paidIntentFor = async (order: Order) =>
      fake.intents.get(await succeedOnFakeStripe(t.app, customer, fake, order._id));

    it("tells the web to load Stripe.js with the publishable key (Stripe mocked)", async () => {
      const response = await call(t.app, undefined, "GET", "/api/payment-config");
      expect(response.json()).toEqual({ gateway: "stripe", publishableKey: "pk_test_fake", currency: "usd" });
      const testConfirm = await call(t.app, customer, "POST", "/api/test-gateway/confirm", {
        clientSecret: "x_secret_y",
        card: card("4242424242424242"),
      });
      expect(testConfirm.statusCode).toBe(404);
    });

    it("refuses a webhook with a bad signature or none, and pays nothing (Stripe mocked)", async () => {
      const order = await placeOrder(t, customer);
      const intent = await paidIntentFor(order);
      const event = paymentSucceededEvent("evt_bad_signature", intent);

      const forged = await webhook(event, "whsec_someone_else");
      expect(forged.statusCode).toBe(400);
      expect(forged.json().message).toBe("The Stripe signature is not valid.");
      const unsigned = await t.app.inject({ method: "POST", url: "/api/webhooks/stripe", payload: event });
      expect(unsigned.statusCode).toBe(400);

      const page = await call(t.app, customer, "GET", `/api/payment/${order._id}`);
      expect(page.json()).toMatchObject({ paid: false });
    });

    it("marks the order paid from a signed payment_intent.succeeded, once however often it comes (Stripe mocked)", async () => {
      const order = await placeOrder(t, customer);
      const intent = await paidIntentFor(order);
      const event = paymentSucceededEvent("evt_paid_once", intent);

      for (let i = 0; i < 3; i++) {
        const response = await webhook(event);
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json()).toEqual({ received: true });
      }
      const page = await call(t.app, customer, "GET", `/api/payment/${order._id}`);
      expect(page.json()).toMatchObject({ paid: true, transactionId: intent?.id });
      const events = await t.database.db
        .select()
        .from(processedWebhookEvents)
        .where(eq(processedWebhookEvents.id, "evt_paid_once"));
      expect(events).toHaveLength(1);
      await vi.waitFor(async () => expect(await paidMails(t, String(intent?.id))).toHaveLength(1), {
        timeout: 30_000,
      });

      // The browser's PATCH arriving after the webhook answers the paid order.
      const patched = await call(t.app, customer, "PATCH", `/api/orders/${order._id}`, {
        transactionId: intent?.id,
      });
      expect(patched.statusCode).toBe(200);
      expect(patched.json()).toMatchObject({ paid: true });
    });

    it("does not mark an order paid from an event whose amount differs from the order (Stripe mocked)", async () => {
      const order = await placeOrder(t, customer);
      const intent = await paidIntentFor(order);
      const response = await webhook(paymentSucceededEvent("evt_wrong_amount", { ...intent, amount: 1 }));
      expect(response.statusCode).toBe(200);
      const page = await call(t.app, customer, "GET", `/api/payment/${order._id}`);
      expect(page.json()).toMatchObject({ paid: false });
    });
  });
}

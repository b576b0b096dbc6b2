// A payment that succeeded without paying its order (another amount than the order's total) is never
// kept, whoever cancels the order: the admin's cancel, the customer's delete and the expiry all close the
// payment through payment.ts's closePaymentBeforeCancel, which records its refund before the
// cancellation (decision 0051), and pay it back after. The order ends cancelled, its stock back, the
// payment refunded once, however often the cancellation is asked again or crashes on the way. On the
// test gateway and on Stripe, whose servers are mocked (fake-stripe.ts).
import { refunds, testPaymentIntents, testPaymentRefunds } from "@toolshop/db/schema";
import { testDatabaseTargets } from "@toolshop/db/test-support";
import { type Order, orderSchema } from "@toolshop/shared/orders";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, type SignedInCustomer, signedInCustomer } from "../../testing/api-client";
import { addTool, stockOf } from "../../testing/fixtures";
import { allOutboxMails } from "../../testing/identity-client";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { createFakeStripe, type FakeStripe } from "../payments/fake-stripe";
import { TestPaymentGateway } from "../payments/test-gateway";
import { cancelOrder } from "./admin-service";
import { expireUnpaidOrders } from "./expiry";
import { crashingAfterPayout } from "./refund-testbed";
import { PENDING_REFUND_GRACE_MS, resumePendingRefunds } from "./refunds";
import { createOrdersContext } from "./routes";
import { deleteOrder, KEPT_WITH_ITS_REFUND } from "./service";
import { onFakeStripe, TEST_GATEWAY_SECRET, VALID_CARD } from "./test-fixtures";

const STOCK = 100;
/** The order is 4 x 18.90; the payment that went through was of this much instead. */
const STRAY_CENTS = 1000;
const REFUNDED_SUBJECT = "Your Toolshop order was refunded";

/** An unpaid order of 4 units and its payment started; answers both and the tool. */
async function placeAndStartPayment(t: TestApp, who: SignedInCustomer) {
  const tool = await addTool(t.database.db, { priceCents: 1890, minQuantity: 1, availableQuantity: STOCK });
  const body = { toolId: tool.id, address: "1 Main St", phone: "5550100", quantity: 4 };
  const placed = await call(t.app, who, "POST", "/api/orders", body);
  expect(placed.statusCode, placed.body).toBe(201);
  const order = orderSchema.parse(placed.json());
  const started = await call(t.app, who, "POST", "/api/create-payment-intent", { orderId: order._id });
  expect(started.statusCode, started.body).toBe(200);
  const clientSecret: string = started.json().clientSecret;
  return { order, toolId: tool.id, clientSecret, paymentId: clientSecret.split("_secret_")[0] ?? "" };
}

async function orderNow(t: TestApp, who: SignedInCustomer, order: Order): Promise<Order> {
  const response = await call(t.app, who, "GET", `/api/payment/${order._id}`);
  expect(response.statusCode, response.body).toBe(200);
  return orderSchema.parse(response.json());
}

/** The shop's refund records of the payment. */
const recordsOf = (t: TestApp, paymentId: string) =>
  t.database.db
    .select({ id: refunds.id, kind: refunds.kind, state: refunds.state, amountCents: refunds.amountCents })
    .from(refunds)
    .where(eq(refunds.paymentId, paymentId));

/** How many mails to `email` have a subject starting so. */
async function mailCount(t: TestApp, email: string, subject: string): Promise<number> {
  return (await allOutboxMails(t.dataDir)).filter(
    (mail) => mail.includes(`To: ${email}`) && mail.includes(`Subject: ${subject}`),
  ).length;
}

/** Waits for the mail queue to send such a mail, then says how many there are. */
async function mailsOnceSent(t: TestApp, email: string, subject = REFUNDED_SUBJECT): Promise<number> {
  await expect.poll(() => mailCount(t, email, subject), { timeout: 15_000, interval: 50 }).toBeGreaterThan(0);
  // Give a duplicate the time to arrive before counting.
  await new Promise((resolve) => setTimeout(resolve, 300));
  return mailCount(t, email, subject);
}

for (const target of testDatabaseTargets()) {
  describe.skipIf(target.skip)(`a payment of another amount, test gateway ${target.title}`, () => {
    let t: TestApp;
    let admin: SignedInCustomer;
    let gateway: TestPaymentGateway;
    beforeAll(async () => {
      t = await createTestApp(target.options);
      admin = await signedInCustomer(t, { role: "admin" });
      // The test gateway's intents are rows of the shop's database: this one reaches the app's.
      gateway = new TestPaymentGateway(t.app.db, TEST_GATEWAY_SECRET);
    });
    afterAll(async () => {
      await t?.close();
    });

    /** The card goes through for STRAY_CENTS, not the order's total: the order stays unpaid. */
    async function paidWithAnotherAmount(who: SignedInCustomer) {
      const placed = await placeAndStartPayment(t, who);
      await t.database.db
        .update(testPaymentIntents)
        .set({ amountCents: STRAY_CENTS })
        .where(eq(testPaymentIntents.id, placed.paymentId));
      const card = {
        clientSecret: placed.clientSecret,
        card: VALID_CARD,
        billing: { name: "Ada", email: who.email },
      };
      const paid = await call(t.app, who, "POST", "/api/test-gateway/confirm", card);
      expect(paid.json()).toEqual({ paymentIntent: { id: placed.paymentId, status: "succeeded" } });
      expect(await orderNow(t, who, placed.order)).toMatchObject({ status: "unpaid", paid: false });
      expect(await stockOf(t.database.db, placed.toolId)).toBe(STOCK - 4);
      return placed;
    }

    /** The gateway's refunds of the payment: their amounts and keys. */
    const payoutsOf = (paymentId: string) =>
      t.database.db
        .select({ amountCents: testPaymentRefunds.amountCents, key: testPaymentRefunds.idempotencyKey })
        .from(testPaymentRefunds)
        .where(eq(testPaymentRefunds.intentId, paymentId))
        .orderBy(asc(testPaymentRefunds.createdAt));

    /** Refunded once, in full, with its record's id as the key; the order cancelled with its stock back. */
    async function expectRefundedOnce(
      who: SignedInCustomer,
      placed: Awaited<ReturnType<typeof paidWithAnotherAmount>>,
    ) {
      const records = await recordsOf(t, placed.paymentId);
      expect(records).toMatchObject([{ kind: "payment", state: "completed", amountCents: STRAY_CENTS }]);
      expect(await payoutsOf(placed.paymentId)).toEqual([
        { amountCents: STRAY_CENTS, key: `refund-${records[0]?.id}` },
      ]);
      expect(await orderNow(t, who, placed.order)).toMatchObject({
        status: "cancelled",
        paid: false,
        transactionId: placed.paymentId,
      });
      expect(await stockOf(t.database.db, placed.toolId)).toBe(STOCK);
    }

    it("an admin's cancel cancels the order, puts its stock back and refunds the payment, once", async () => {
      const customer = await signedInCustomer(t);
      const placed = await paidWithAnotherAmount(customer);

      const cancelled = await call(t.app, admin, "POST", `/api/orders/${placed.order._id}/cancel`);
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(cancelled.json()).toMatchObject({ status: "cancelled", cancelReason: "admin" });
      await expectRefundedOnce(customer, placed);

      const again = await call(t.app, admin, "POST", `/api/orders/${placed.order._id}/cancel`);
      expect(again.statusCode, again.body).toBe(409);
      await expectRefundedOnce(customer, placed);
      expect(await mailsOnceSent(t, customer.email)).toBe(1);
    });

    it("the customer's delete cancels the order, keeps it as the refund's record and refunds the payment, once", async () => {
      const customer = await signedInCustomer(t);
      const placed = await paidWithAnotherAmount(customer);

      for (let i = 0; i < 2; i++) {
        const deleted = await call(t.app, customer, "DELETE", `/api/orders/${placed.order._id}`);
        expect(deleted.statusCode, deleted.body).toBe(409);
        expect(deleted.json().message).toBe(KEPT_WITH_ITS_REFUND);
        await expectRefundedOnce(customer, placed);
      }
      expect(await mailsOnceSent(t, customer.email)).toBe(1);
      expect(await mailsOnceSent(t, customer.email, "Your Toolshop order was cancelled")).toBe(1);
    });

    it("the expiry cancels the order and refunds the payment, once", async () => {
      const customer = await signedInCustomer(t);
      const placed = await paidWithAnotherAmount(customer);
      const ctx = createOrdersContext(t.app, gateway);
      const afterTheHold = new Date(Date.now() + (t.app.config.unpaidOrderHoldMinutes + 1) * 60_000);

      const expired = await expireUnpaidOrders(ctx, afterTheHold);
      expect(expired.map((row) => row.id)).toContain(placed.order._id);
      await expectRefundedOnce(customer, placed);
      expect((await expireUnpaidOrders(ctx, afterTheHold)).map((row) => row.id)).not.toContain(
        placed.order._id,
      );
      await expectRefundedOnce(customer, placed);
      expect(await mailsOnceSent(t, customer.email)).toBe(1);
    });

    it("an admin's cancel that dies after the payout leaves the refund pending; the customer's delete finishes it, once", async () => {
      const customer = await signedInCustomer(t);
      const placed = await paidWithAnotherAmount(customer);
      const crashing = createOrdersContext(t.app, crashingAfterPayout(gateway));

      await expect(cancelOrder(crashing, placed.order._id)).rejects.toThrow("the process died");
      expect(await recordsOf(t, placed.paymentId)).toMatchObject([{ kind: "payment", state: "pending" }]);
      expect(await payoutsOf(placed.paymentId)).toHaveLength(1);
      expect(await orderNow(t, customer, placed.order)).toMatchObject({
        status: "cancelled",
        transactionId: null,
      });

      const deleted = await call(t.app, customer, "DELETE", `/api/orders/${placed.order._id}`);
      expect(deleted.statusCode, deleted.body).toBe(409);
      expect(deleted.json().message).toBe(KEPT_WITH_ITS_REFUND);
      await expectRefundedOnce(customer, placed);
      expect(await mailsOnceSent(t, customer.email)).toBe(1);
    });

    it("a delete that dies after the payout is finished by the recovery task, once", async () => {
      const customer = await signedInCustomer(t);
      const placed = await paidWithAnotherAmount(customer);
      const crashing = createOrdersContext(t.app, crashingAfterPayout(gateway));

      await expect(deleteOrder(crashing, customer, placed.order._id)).rejects.toThrow("the process died");
      expect(await recordsOf(t, placed.paymentId)).toMatchObject([{ kind: "payment", state: "pending" }]);

      const ctx = createOrdersContext(t.app, gateway);
      const later = new Date(Date.now() + 2 * PENDING_REFUND_GRACE_MS);
      expect(await resumePendingRefunds(ctx, later)).toMatchObject({ refused: [], failed: [] });
      await expectRefundedOnce(customer, placed);
      expect(await resumePendingRefunds(ctx, later)).toMatchObject({ completed: 0 });
      await expectRefundedOnce(customer, placed);
      expect(await mailsOnceSent(t, customer.email)).toBe(1);
    });
  });

  describe.skipIf(target.skip)(`a payment of another amount, faked Stripe ${target.title}`, () => {
    let t: TestApp;
    let fake: FakeStripe;
    let admin: SignedInCustomer;
    beforeAll(async () => {
      fake = createFakeStripe();
      t = await createTestApp(target.options, onFakeStripe(fake, "whsec_test_secret_for_stray_payments"));
      admin = await signedInCustomer(t, { role: "admin" });
    });
    afterAll(async () => {
      await t?.close();
    });

    /** Stripe took STRAY_CENTS for the order, not its total: the order stays unpaid. */
    async function paidWithAnotherAmount(who: SignedInCustomer) {
      const placed = await placeAndStartPayment(t, who);
      const intent = fake.intents.get(placed.paymentId);
      if (!intent) throw new Error("the payment should be at Stripe");
      intent.amount = STRAY_CENTS;
      fake.succeed(placed.paymentId);
      return placed;
    }

    /** One refund at Stripe, of all the payment, keyed by the one record's id; the order cancelled. */
    async function expectRefundedOnce(
      who: SignedInCustomer,
      placed: Awaited<ReturnType<typeof paidWithAnotherAmount>>,
    ) {
      const records = await recordsOf(t, placed.paymentId);
      expect(records).toMatchObject([{ kind: "payment", state: "completed", amountCents: STRAY_CENTS }]);
      expect(fake.refunds.filter((refund) => refund.payment_intent === placed.paymentId)).toMatchObject([
        { amount: STRAY_CENTS },
      ]);
      const keys = fake.calls.filter((c) => c.path === "/v1/refunds").map((c) => c.idempotencyKey);
      expect(keys).toContain(`refund-${records[0]?.id}`);
      expect(await orderNow(t, who, placed.order)).toMatchObject({
        status: "cancelled",
        transactionId: placed.paymentId,
      });
      expect(await stockOf(t.database.db, placed.toolId)).toBe(STOCK);
    }

    it("an admin's cancel refunds the payment at Stripe once (faked Stripe)", async () => {
      const customer = await signedInCustomer(t);
      const placed = await paidWithAnotherAmount(customer);

      for (const expected of [200, 409]) {
        const cancelled = await call(t.app, admin, "POST", `/api/orders/${placed.order._id}/cancel`);
        expect(cancelled.statusCode, cancelled.body).toBe(expected);
        await expectRefundedOnce(customer, placed);
      }
      expect(await mailsOnceSent(t, customer.email)).toBe(1);
    });

    it("the customer's delete refunds the payment at Stripe once and keeps the cancelled order (faked Stripe)", async () => {
      const customer = await signedInCustomer(t);
      const placed = await paidWithAnotherAmount(customer);

      for (let i = 0; i < 2; i++) {
        const deleted = await call(t.app, customer, "DELETE", `/api/orders/${placed.order._id}`);
        expect(deleted.statusCode, deleted.body).toBe(409);
        expect(deleted.json().message).toBe(KEPT_WITH_ITS_REFUND);
        await expectRefundedOnce(customer, placed);
      }
      expect(await mailsOnceSent(t, customer.email)).toBe(1);
    });
  });
}

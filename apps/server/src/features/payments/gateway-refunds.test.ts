// Refunds at the gateway behave like Stripe's where money is concerned (issue 56): never more than was
// captured, and an idempotency key answers its first refund again for the same parameters and is
// refused for others. The built-in test gateway keeps this in the database (several processes, a
// restart); the faked Stripe (fake-stripe.ts, Stripe's servers mocked) keeps it as Stripe does.
import { randomUUID } from "node:crypto";
import type { DatabaseHandle } from "@toolshop/db/client";
import { testPaymentRefunds } from "@toolshop/db/schema";
import { testDatabaseTargets } from "@toolshop/db/test-support";
import { createTestDatabase } from "@toolshop/db/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFakeStripe, type FakeStripe } from "./fake-stripe";
import {
  NOT_REFUNDABLE,
  type PaymentGateway,
  REFUND_BEYOND_PAYMENT,
  REFUND_KEY_TAKEN,
  RefundRefusedError,
} from "./gateway";
import { StripePaymentGateway } from "./stripe-gateway";
import { TestPaymentGateway } from "./test-gateway";

const SECRET = "gateway-refunds-secret-at-least-32-characters";
const CARD = { number: "4242424242424242", expMonth: 12, expYear: 2099, cvc: "123" };

/** One gateway under test: how to get a succeeded payment of an amount, and what it paid back. */
interface Subject {
  gateway: PaymentGateway;
  succeededPayment(amountCents: number): Promise<string>;
  paidBack(paymentId: string): Promise<number[]>;
}

function refundRules(title: string, subject: () => Subject) {
  it(`refunds parts up to what was captured and refuses more, nothing paid for it (${title})`, async () => {
    const { gateway, succeededPayment, paidBack } = subject();
    const payment = await succeededPayment(5000);
    await gateway.refund(payment, randomUUID(), 3000, "line 1 x 3");
    const beyond = gateway.refund(payment, randomUUID(), 2001, "line 2 x 2");
    await expect(beyond).rejects.toBeInstanceOf(RefundRefusedError);
    await expect(beyond).rejects.toMatchObject({ statusCode: 409, message: REFUND_BEYOND_PAYMENT });
    // No amount: what is left, then nothing is left.
    await gateway.refund(payment, randomUUID());
    await expect(gateway.refund(payment, randomUUID())).rejects.toMatchObject({
      message: REFUND_BEYOND_PAYMENT,
    });
    expect(await paidBack(payment)).toEqual([3000, 2000]);
  });

  it(`answers a reused key's first refund again, and refuses it with other parameters (${title})`, async () => {
    const { gateway, succeededPayment, paidBack } = subject();
    const payment = await succeededPayment(5000);
    const key = randomUUID();
    await gateway.refund(payment, key, 1500, "line 1 x 1");
    await gateway.refund(payment, key, 1500, "line 1 x 1");
    await expect(gateway.refund(payment, key, 1600, "line 1 x 1")).rejects.toMatchObject({
      statusCode: 409,
      message: REFUND_KEY_TAKEN,
    });
    await expect(gateway.refund(payment, key, 1500, "line 2 x 1")).rejects.toMatchObject({
      message: REFUND_KEY_TAKEN,
    });
    expect(await paidBack(payment)).toEqual([1500]);
  });

  it(`refuses to refund a payment that did not succeed (${title})`, async () => {
    const { gateway, paidBack } = subject();
    const open = await gateway.createIntent({
      orderId: randomUUID(),
      amountCents: 900,
      currency: "usd",
      idempotencyKey: randomUUID(),
      description: "an unpaid order",
    });
    await expect(gateway.refund(open.id, randomUUID())).rejects.toMatchObject({ message: NOT_REFUNDABLE });
    expect(await paidBack(open.id)).toEqual([]);
  });
}

for (const target of testDatabaseTargets()) {
  describe.skipIf(target.skip)(`refunds at the test gateway ${target.title}`, () => {
    let handle: DatabaseHandle;
    let gateway: TestPaymentGateway;
    beforeAll(async () => {
      handle = await createTestDatabase(target.options);
      gateway = new TestPaymentGateway(handle.db, SECRET);
    });
    afterAll(async () => {
      await handle?.close();
    });

    async function succeededPayment(amountCents: number) {
      const intent = await gateway.createIntent({
        orderId: randomUUID(),
        amountCents,
        currency: "usd",
        idempotencyKey: randomUUID(),
        description: "an order",
      });
      expect(await gateway.confirmCard(intent.clientSecret, CARD)).toMatchObject({ ok: true });
      return intent.id;
    }
    async function paidBack(paymentId: string) {
      const rows = await handle.db
        .select({ amountCents: testPaymentRefunds.amountCents })
        .from(testPaymentRefunds)
        .where(eq(testPaymentRefunds.intentId, paymentId))
        .orderBy(testPaymentRefunds.createdAt);
      return rows.map((row) => row.amountCents);
    }
    refundRules("test gateway", () => ({ gateway, succeededPayment, paidBack }));

    it("keeps what was refunded in the database: another process refuses what this one refunded", async () => {
      const payment = await succeededPayment(4000);
      const otherProcess = new TestPaymentGateway(handle.db, SECRET);
      await gateway.refund(payment, randomUUID(), 2500);
      await expect(otherProcess.refund(payment, randomUUID(), 1501)).rejects.toMatchObject({
        message: REFUND_BEYOND_PAYMENT,
      });
      // The same key sent by two processes at once pays out once.
      const key = randomUUID();
      await Promise.all([gateway.refund(payment, key, 1500), otherProcess.refund(payment, key, 1500)]);
      expect(await paidBack(payment)).toEqual([2500, 1500]);
    });
  });
}

describe("refunds at the faked Stripe (Stripe's servers mocked)", () => {
  let fake: FakeStripe;
  let gateway: StripePaymentGateway;
  beforeAll(() => {
    fake = createFakeStripe();
    gateway = new StripePaymentGateway(fake.stripe, "pk_test_fake");
  });

  async function succeededPayment(amountCents: number) {
    const intent = await gateway.createIntent({
      orderId: randomUUID(),
      amountCents,
      currency: "usd",
      idempotencyKey: randomUUID(),
      description: "an order",
    });
    fake.succeed(intent.id);
    return intent.id;
  }
  async function paidBack(paymentId: string) {
    return fake.refunds
      .filter((refund) => refund.payment_intent === paymentId)
      .map((refund) => refund.amount);
  }
  refundRules("faked Stripe", () => ({ gateway, succeededPayment, paidBack }));

  it("sends the refund's idempotency key to Stripe, with the amount and purpose (faked Stripe)", async () => {
    const payment = await succeededPayment(2000);
    const key = randomUUID();
    await gateway.refund(payment, key, 700, "line 1 x 1");
    expect(fake.calls.at(-1)).toEqual({ method: "POST", path: "/v1/refunds", idempotencyKey: key });
  });
});

// Money recorded before it moves (issue 56), on the built-in test gateway: a refund is a pending row
// before the gateway is asked, and is recorded once, whatever crashes between the two steps, however
// often it is asked, and whatever else happens to the order meanwhile. Faults are injected by wrapping
// the gateway of a context of the test's own (decision 0027: nothing is mocked or left behind).
import type { DatabaseHandle } from "@toolshop/db/client";
import { orderLines, refunds, taxDocuments, testPaymentRefunds } from "@toolshop/db/schema";
import { testDatabaseTargets } from "@toolshop/db/test-support";
import { createTestDatabase } from "@toolshop/db/testing";
import type { Order, RefundLinesBody } from "@toolshop/shared/orders";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DomainEvent } from "../../lib/domain-events";
import { addCustomer, addTool, stockOf } from "../../testing/fixtures";
import { createFakeStripe, type FakeStripe } from "../payments/fake-stripe";
import { type PaymentGateway, REFUND_BEYOND_PAYMENT } from "../payments/gateway";
import { StripePaymentGateway } from "../payments/stripe-gateway";
import type { TestPaymentGateway } from "../payments/test-gateway";
import { shipOrder } from "./admin-service";
import type { OrdersContext } from "./context";
import { confirmPayment, startPayment } from "./payment";
import { createOrder } from "./place-order";
import { GATEWAY_KEY_LIFETIME_MS, REFUND_KEY_EXPIRED, REFUND_UNDER_WAY } from "./refund-records";
import { PENDING_REFUND_GRACE_MS, refundOrder, refundOrderLines, resumePendingRefunds } from "./refunds";
import { ordersContext, VALID_CARD } from "./test-fixtures";

const STOCK = 20;

/** The gateway with its refund replaced: the fault a test injects around the real one. */
function withRefund(gateway: PaymentGateway, refund: PaymentGateway["refund"]): PaymentGateway {
  return {
    kind: gateway.kind,
    publishableKey: gateway.publishableKey,
    createIntent: (input) => gateway.createIntent(input),
    retrieve: (id) => gateway.retrieve(id),
    cancel: (id) => gateway.cancel(id),
    refund,
  };
}

/** The process dies after the gateway paid out, before the shop's commit. */
const crashingAfterPayout = (gateway: PaymentGateway) =>
  withRefund(gateway, async (...args) => {
    await gateway.refund(...args);
    throw new Error("the process died after the gateway answered");
  });

for (const target of testDatabaseTargets()) {
  describe.skipIf(target.skip)(`refunds recorded before money moves, test gateway ${target.title}`, () => {
    let handle: DatabaseHandle;
    let ctx: OrdersContext;
    let gateway: TestPaymentGateway;
    let published: DomainEvent[];
    beforeAll(async () => {
      handle = await createTestDatabase(target.options);
      ({ ctx, gateway, published } = ordersContext(handle.db));
    });
    afterAll(async () => {
      await handle?.close();
    });

    /** A paid order of these tools (priced in cents), three units of each. */
    async function paidOrder(pricesCents: number[]) {
      const customer = await addCustomer(handle.db);
      const tools = await Promise.all(
        pricesCents.map((priceCents) =>
          addTool(handle.db, { priceCents, minQuantity: 1, availableQuantity: STOCK }),
        ),
      );
      const { order } = await createOrder(ctx, customer, {
        lines: tools.map((tool) => ({ toolId: tool.id, quantity: 3 })),
        address: "1 Main St",
        phone: "5550100",
      });
      const { clientSecret } = await startPayment(ctx, customer, order._id);
      expect(await gateway.confirmCard(clientSecret, VALID_CARD)).toMatchObject({ ok: true });
      const paymentId = clientSecret.split("_secret_")[0] ?? "";
      const paid = await confirmPayment(ctx, customer, order._id, paymentId);
      expect(paid.status).toBe("paid");
      return { order: paid, tools, paymentId };
    }

    /** Everything a refund leaves behind, to compare with what it should. */
    async function traces(order: Order, paymentId: string) {
      const payouts = await handle.db
        .select({ amountCents: testPaymentRefunds.amountCents })
        .from(testPaymentRefunds)
        .where(eq(testPaymentRefunds.intentId, paymentId))
        .orderBy(asc(testPaymentRefunds.createdAt));
      const creditNotes = await handle.db
        .select({ number: taxDocuments.number })
        .from(taxDocuments)
        .where(and(eq(taxDocuments.orderId, order._id), eq(taxDocuments.kind, "credit_note")));
      const records = await handle.db
        .select({ kind: refunds.kind, state: refunds.state, amountCents: refunds.amountCents })
        .from(refunds)
        .where(eq(refunds.orderId, order._id))
        .orderBy(asc(refunds.createdAt));
      const lines = await handle.db
        .select({ refunded: orderLines.refundedQuantity })
        .from(orderLines)
        .where(eq(orderLines.orderId, order._id))
        .orderBy(asc(orderLines.position));
      const announced = published.filter(
        (event) => event.type === "OrderRefunded" && event.order._id === order._id,
      ).length;
      return {
        payouts: payouts.map((payout) => payout.amountCents),
        creditNotes: creditNotes.length,
        records,
        refunded: lines.map((line) => line.refunded),
        announced,
      };
    }

    const linesBody = (toolId: string, quantity: number): RefundLinesBody => ({
      lines: [{ toolId, quantity }],
    });

    it("a crash after the gateway paid leaves a pending refund that the same refund asked again completes, once", async () => {
      const { order, tools, paymentId } = await paidOrder([2000, 1500]);
      const [first] = tools;
      if (!first) throw new Error("a tool expected");
      const crashing = { ...ctx, gateway: crashingAfterPayout(gateway) };
      await expect(refundOrderLines(crashing, order._id, linesBody(first.id, 2))).rejects.toThrow(
        "the process died",
      );
      expect(await traces(order, paymentId)).toEqual({
        payouts: [4000],
        creditNotes: 0,
        records: [{ kind: "lines", state: "pending", amountCents: 4000 }],
        refunded: [0, 0],
        announced: 0,
      });
      // While it is pending, its units are not left to refund, and the whole order waits for it.
      await expect(refundOrderLines(ctx, order._id, linesBody(first.id, 3))).rejects.toMatchObject({
        statusCode: 409,
        message: expect.stringContaining("only 1 units"),
      });
      await expect(refundOrder(ctx, order._id)).rejects.toMatchObject({ message: REFUND_UNDER_WAY });

      const retried = await refundOrderLines(ctx, order._id, linesBody(first.id, 2));
      expect(retried.lines.map((line) => line.refundedQuantity)).toEqual([2, 0]);
      expect(await traces(order, paymentId)).toEqual({
        payouts: [4000],
        creditNotes: 1,
        records: [{ kind: "lines", state: "completed", amountCents: 4000 }],
        refunded: [2, 0],
        announced: 1,
      });
      expect(await stockOf(handle.db, first.id)).toBe(STOCK - 3 + 2);
    });

    it("a crash after the gateway paid a whole refund is completed by the recovery task, once", async () => {
      const { order, tools, paymentId } = await paidOrder([2000, 1500]);
      const crashing = { ...ctx, gateway: crashingAfterPayout(gateway) };
      await expect(refundOrder(crashing, order._id)).rejects.toThrow("the process died");

      // Within its grace minute the pending refund is left to its own request.
      const early = await resumePendingRefunds(ctx, new Date());
      expect(early.completed).toBe(0);
      expect((await traces(order, paymentId)).records).toEqual([
        { kind: "order", state: "pending", amountCents: 10500 },
      ]);

      const later = new Date(Date.now() + 2 * PENDING_REFUND_GRACE_MS);
      const outcome = await resumePendingRefunds(ctx, later);
      expect(outcome).toMatchObject({ refused: [], failed: [] });
      expect(outcome.completed).toBeGreaterThanOrEqual(1);
      expect(await resumePendingRefunds(ctx, later)).toEqual({ completed: 0, refused: [], failed: [] });
      expect(await traces(order, paymentId)).toEqual({
        payouts: [10500],
        creditNotes: 1,
        records: [{ kind: "order", state: "completed", amountCents: 10500 }],
        refunded: [3, 3],
        announced: 1,
      });
      for (const tool of tools) expect(await stockOf(handle.db, tool.id)).toBe(STOCK);
      await expect(refundOrder(ctx, order._id)).rejects.toMatchObject({ statusCode: 409 });
    });

    it("a refund left pending for over a day is not sent again: the gateway may have forgotten its key", async () => {
      const { order, tools, paymentId } = await paidOrder([2000]);
      const [tool] = tools;
      if (!tool) throw new Error("a tool expected");
      const crashing = { ...ctx, gateway: crashingAfterPayout(gateway) };
      await expect(refundOrderLines(crashing, order._id, linesBody(tool.id, 1))).rejects.toThrow(
        "the process died",
      );
      await handle.db
        .update(refunds)
        .set({ createdAt: new Date(Date.now() - GATEWAY_KEY_LIFETIME_MS - 60_000) })
        .where(eq(refunds.orderId, order._id));
      const outcome = await resumePendingRefunds(ctx);
      expect(outcome.failed.map(({ error }) => error)).toContainEqual(
        expect.objectContaining({ message: REFUND_KEY_EXPIRED }),
      );
      await expect(refundOrderLines(ctx, order._id, linesBody(tool.id, 1))).rejects.toMatchObject({
        message: REFUND_KEY_EXPIRED,
      });
      expect(await traces(order, paymentId)).toMatchObject({
        payouts: [2000],
        records: [{ state: "pending" }],
        refunded: [0],
      });
      // Settled by hand: the pending row is closed, and nothing else of the order is blocked by it.
      await handle.db.update(refunds).set({ state: "failed" }).where(eq(refunds.orderId, order._id));
    });

    it("the same refund asked twice at once pays out once, and one of the two is told it was refunded meanwhile", async () => {
      const { order, tools, paymentId } = await paidOrder([2000, 1500]);
      const [, second] = tools;
      if (!second) throw new Error("two tools expected");
      // 45.00 of the 105.00 paid: the gateway would take it twice, so only the shop's record stops it.
      const answers = await Promise.allSettled([
        refundOrderLines(ctx, order._id, linesBody(second.id, 3)),
        refundOrderLines(ctx, order._id, linesBody(second.id, 3)),
      ]);
      expect(answers.filter((answer) => answer.status === "fulfilled")).toHaveLength(1);
      for (const answer of answers) {
        if (answer.status === "rejected") expect(answer.reason).toMatchObject({ statusCode: 409 });
      }
      const after = await traces(order, paymentId);
      expect(after).toMatchObject({ payouts: [4500], creditNotes: 1, refunded: [0, 3], announced: 1 });
      expect(after.records.filter((record) => record.state === "completed")).toHaveLength(1);
      expect(await stockOf(handle.db, second.id)).toBe(STOCK);

      // The whole order, asked twice at once: what was left, once.
      const whole = await Promise.allSettled([refundOrder(ctx, order._id), refundOrder(ctx, order._id)]);
      expect(whole.filter((answer) => answer.status === "fulfilled")).toHaveLength(1);
      expect(await traces(order, paymentId)).toMatchObject({
        payouts: [4500, 6000],
        creditNotes: 2,
        refunded: [3, 3],
        announced: 2,
      });
    });

    it("a refund that a shipment overtakes at the gateway is still recorded: lines, stock, credit note", async () => {
      const { order, tools, paymentId } = await paidOrder([2000]);
      const [tool] = tools;
      if (!tool) throw new Error("a tool expected");
      // The gateway answers only once the shipment has committed.
      let arrived: () => void = () => {};
      const atGateway = new Promise<void>((resolve) => {
        arrived = resolve;
      });
      let release: () => void = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      const held = withRefund(gateway, async (...args) => {
        arrived();
        await released;
        return gateway.refund(...args);
      });
      const refunding = refundOrderLines({ ...ctx, gateway: held }, order._id, linesBody(tool.id, 3));
      await atGateway;
      expect(await shipOrder(ctx, order._id, { carrier: "UPS", trackingNumber: "1Z9" })).toMatchObject({
        status: "shipped",
      });
      release();
      const refunded = await refunding;
      // Shipped orders keep their status; every line says it was refunded.
      expect(refunded).toMatchObject({ status: "shipped", lines: [{ refundedQuantity: 3 }] });
      expect(await traces(order, paymentId)).toMatchObject({
        payouts: [6000],
        creditNotes: 1,
        records: [{ kind: "lines", state: "completed", amountCents: 6000 }],
        refunded: [3],
        announced: 1,
      });
      expect(await stockOf(handle.db, tool.id)).toBe(STOCK);
    });

    it("a refund raced against a shipment: what was paid out is what the lines record, stock back once", async () => {
      const { order, tools, paymentId } = await paidOrder([2000, 1500]);
      const [first] = tools;
      if (!first) throw new Error("a tool expected");
      const [refund, shipment] = await Promise.allSettled([
        refundOrderLines(ctx, order._id, linesBody(first.id, 1)),
        shipOrder(ctx, order._id, { carrier: "UPS", trackingNumber: "1Z9" }),
      ]);
      expect(refund.status).toBe("fulfilled");
      expect(shipment.status).toBe("fulfilled");
      expect(await traces(order, paymentId)).toMatchObject({
        payouts: [2000],
        creditNotes: 1,
        refunded: [1, 0],
        announced: 1,
      });
      expect(await stockOf(handle.db, first.id)).toBe(STOCK - 2);
    });

    it("a refund the gateway refuses is closed as failed, nothing recorded, its units free again", async () => {
      const { order, tools, paymentId } = await paidOrder([2000]);
      const [tool] = tools;
      if (!tool) throw new Error("a tool expected");
      // Refunded in the gateway's own dashboard, out of the shop's sight.
      await gateway.refund(paymentId, "refunded-in-the-dashboard", 3000);
      await expect(refundOrderLines(ctx, order._id, linesBody(tool.id, 2))).rejects.toMatchObject({
        statusCode: 409,
        message: REFUND_BEYOND_PAYMENT,
      });
      expect(await traces(order, paymentId)).toMatchObject({
        payouts: [3000],
        creditNotes: 0,
        records: [{ kind: "lines", state: "failed", amountCents: 4000 }],
        refunded: [0],
        announced: 0,
      });
      expect(await refundOrderLines(ctx, order._id, linesBody(tool.id, 1))).toMatchObject({
        lines: [{ refundedQuantity: 1 }],
      });
    });
  });
}

describe("refunds recorded before money moves, faked Stripe (Stripe's servers mocked) on PGlite", () => {
  let handle: DatabaseHandle;
  let fake: FakeStripe;
  let ctx: OrdersContext;
  beforeAll(async () => {
    handle = await createTestDatabase({ kind: "pglite" });
    fake = createFakeStripe();
    ctx = { ...ordersContext(handle.db).ctx, gateway: new StripePaymentGateway(fake.stripe, "pk_test_fake") };
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("a crash after Stripe refunded is completed by the recovery task with the same key: one refund at Stripe (faked Stripe)", async () => {
    const customer = await addCustomer(handle.db);
    const tool = await addTool(handle.db, { priceCents: 1890, minQuantity: 1, availableQuantity: STOCK });
    const { order } = await createOrder(ctx, customer, {
      toolId: tool.id,
      address: "1 Main St",
      phone: "5550100",
      quantity: 3,
    });
    const { clientSecret } = await startPayment(ctx, customer, order._id);
    const paymentId = clientSecret.split("_secret_")[0] ?? "";
    fake.succeed(paymentId);
    await confirmPayment(ctx, customer, order._id, paymentId);

    const crashing = { ...ctx, gateway: crashingAfterPayout(ctx.gateway) };
    await expect(
      refundOrderLines(crashing, order._id, { lines: [{ toolId: tool.id, quantity: 2 }] }),
    ).rejects.toThrow("the process died");
    const outcome = await resumePendingRefunds(ctx, new Date(Date.now() + 2 * PENDING_REFUND_GRACE_MS));
    expect(outcome).toEqual({ completed: 1, refused: [], failed: [] });

    expect(fake.refunds.filter((refund) => refund.payment_intent === paymentId).map((r) => r.amount)).toEqual(
      [3780],
    );
    const keys = fake.calls.filter((call) => call.path === "/v1/refunds").map((call) => call.idempotencyKey);
    const [record] = await handle.db.select().from(refunds).where(eq(refunds.orderId, order._id));
    expect(record).toMatchObject({ state: "completed", amountCents: 3780 });
    expect(keys).toEqual([`refund-${record?.id}`, `refund-${record?.id}`]);
    const creditNotes = await handle.db
      .select()
      .from(taxDocuments)
      .where(and(eq(taxDocuments.orderId, order._id), eq(taxDocuments.kind, "credit_note")));
    expect(creditNotes).toHaveLength(1);
    expect(await stockOf(handle.db, tool.id)).toBe(STOCK - 1);
  });
});

// Money recorded before it moves (issue 56): a refund is a pending row before the gateway is asked,
// and a crash between the gateway and the shop's commit is finished by the same refund asked again or
// by the recovery task, paid out once, its credit note and mail once. Faults are injected by wrapping
// the gateway (refund-testbed.ts); the faked Stripe (Stripe's servers mocked) checks the key it sends.
import type { DatabaseHandle } from "@toolshop/db/client";
import { refunds, taxDocuments } from "@toolshop/db/schema";
import { testDatabaseTargets } from "@toolshop/db/test-support";
import { createTestDatabase } from "@toolshop/db/testing";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addCustomer, addTool, stockOf } from "../../testing/fixtures";
import { createFakeStripe, type FakeStripe } from "../payments/fake-stripe";
import { REFUND_BEYOND_PAYMENT } from "../payments/gateway";
import { StripePaymentGateway } from "../payments/stripe-gateway";
import type { OrdersContext } from "./context";
import { moveOrder } from "./order-process";
import { confirmPayment, refundPaymentOfCancelledOrder, startPayment } from "./payment";
import { createOrder } from "./place-order";
import { GATEWAY_KEY_LIFETIME_MS, REFUND_KEY_EXPIRED, REFUND_UNDER_WAY } from "./refund-records";
import {
  crashingAfterPayout,
  linesBody,
  paidOrder,
  type RefundTestbed,
  STOCK,
  traces,
} from "./refund-testbed";
import { PENDING_REFUND_GRACE_MS, refundOrder, refundOrderLines, resumePendingRefunds } from "./refunds";
import { ordersContext, VALID_CARD } from "./test-fixtures";

for (const target of testDatabaseTargets()) {
  describe.skipIf(target.skip)(
    `a crash between the gateway and the commit, test gateway ${target.title}`,
    () => {
      let handle: DatabaseHandle;
      const bed = {} as RefundTestbed;
      beforeAll(async () => {
        handle = await createTestDatabase(target.options);
        Object.assign(bed, { db: handle.db, ...ordersContext(handle.db) });
      });
      afterAll(async () => {
        await handle?.close();
      });

      it("a crash after the gateway paid leaves a pending refund that the same refund asked again completes, once", async () => {
        const { order, tools, paymentId } = await paidOrder(bed, [2000, 1500]);
        const [first] = tools;
        if (!first) throw new Error("a tool expected");
        const crashing = { ...bed.ctx, gateway: crashingAfterPayout(bed.gateway) };
        await expect(refundOrderLines(crashing, order._id, linesBody(first.id, 2))).rejects.toThrow(
          "the process died",
        );
        expect(await traces(bed, order, paymentId)).toEqual({
          payouts: [4000],
          creditNotes: 0,
          records: [{ kind: "lines", state: "pending", amountCents: 4000 }],
          refunded: [0, 0],
          announced: 0,
        });
        // While it is pending, its units are not left to refund, and the whole order waits for it.
        await expect(refundOrderLines(bed.ctx, order._id, linesBody(first.id, 3))).rejects.toMatchObject({
          statusCode: 409,
          message: expect.stringContaining("only 1 units"),
        });
        await expect(refundOrder(bed.ctx, order._id)).rejects.toMatchObject({ message: REFUND_UNDER_WAY });

        const retried = await refundOrderLines(bed.ctx, order._id, linesBody(first.id, 2));
        expect(retried.lines.map((line) => line.refundedQuantity)).toEqual([2, 0]);
        expect(await traces(bed, order, paymentId)).toEqual({
          payouts: [4000],
          creditNotes: 1,
          records: [{ kind: "lines", state: "completed", amountCents: 4000 }],
          refunded: [2, 0],
          announced: 1,
        });
        expect(await stockOf(bed.db, first.id)).toBe(STOCK - 3 + 2);
      });

      it("a crash after the gateway paid a whole refund is completed by the recovery task, once", async () => {
        const { order, tools, paymentId } = await paidOrder(bed, [2000, 1500]);
        const crashing = { ...bed.ctx, gateway: crashingAfterPayout(bed.gateway) };
        await expect(refundOrder(crashing, order._id)).rejects.toThrow("the process died");

        // Within its grace minute the pending refund is left to its own request.
        const early = await resumePendingRefunds(bed.ctx, new Date());
        expect(early.completed).toBe(0);
        expect((await traces(bed, order, paymentId)).records).toEqual([
          { kind: "order", state: "pending", amountCents: 10500 },
        ]);

        const later = new Date(Date.now() + 2 * PENDING_REFUND_GRACE_MS);
        const outcome = await resumePendingRefunds(bed.ctx, later);
        expect(outcome).toMatchObject({ refused: [], failed: [] });
        expect(outcome.completed).toBeGreaterThanOrEqual(1);
        expect(await resumePendingRefunds(bed.ctx, later)).toEqual({ completed: 0, refused: [], failed: [] });
        expect(await traces(bed, order, paymentId)).toEqual({
          payouts: [10500],
          creditNotes: 1,
          records: [{ kind: "order", state: "completed", amountCents: 10500 }],
          refunded: [3, 3],
          announced: 1,
        });
        for (const tool of tools) expect(await stockOf(bed.db, tool.id)).toBe(STOCK);
        await expect(refundOrder(bed.ctx, order._id)).rejects.toMatchObject({ statusCode: 409 });
      });

      it("a refund left pending for over a day is not sent again: the gateway may have forgotten its key", async () => {
        const { order, tools, paymentId } = await paidOrder(bed, [2000]);
        const [tool] = tools;
        if (!tool) throw new Error("a tool expected");
        const crashing = { ...bed.ctx, gateway: crashingAfterPayout(bed.gateway) };
        await expect(refundOrderLines(crashing, order._id, linesBody(tool.id, 1))).rejects.toThrow(
          "the process died",
        );
        await bed.db
          .update(refunds)
          .set({ createdAt: new Date(Date.now() - GATEWAY_KEY_LIFETIME_MS - 60_000) })
          .where(eq(refunds.orderId, order._id));
        const outcome = await resumePendingRefunds(bed.ctx);
        expect(outcome.failed.map(({ error }) => error)).toContainEqual(
          expect.objectContaining({ message: REFUND_KEY_EXPIRED }),
        );
        await expect(refundOrderLines(bed.ctx, order._id, linesBody(tool.id, 1))).rejects.toMatchObject({
          message: REFUND_KEY_EXPIRED,
        });
        expect(await traces(bed, order, paymentId)).toMatchObject({
          payouts: [2000],
          records: [{ state: "pending" }],
          refunded: [0],
        });
        // Settled by hand: the pending row is closed, and nothing else of the order is blocked by it.
        await bed.db.update(refunds).set({ state: "failed" }).where(eq(refunds.orderId, order._id));
      });

      it("a late payment's refund that crashed after the gateway is completed by the recovery task: one payout, one mail", async () => {
        const customer = await addCustomer(bed.db);
        const tool = await addTool(bed.db, { priceCents: 1200, minQuantity: 1, availableQuantity: STOCK });
        const { order } = await createOrder(bed.ctx, customer, {
          toolId: tool.id,
          address: "1 Main St",
          phone: "5550100",
          quantity: 2,
        });
        const { clientSecret } = await startPayment(bed.ctx, customer, order._id);
        // Cancelled (the reservation expired), then the card goes through anyway.
        expect(
          await moveOrder(bed.ctx, { orderId: order._id, from: "unpaid", to: "cancelled", reason: "expiry" }),
        ).toBeDefined();
        const paid = await bed.gateway.confirmCard(clientSecret, VALID_CARD);
        if (!paid.ok || !("intent" in paid)) throw new Error("the card should pay");
        const crashing = { ...bed.ctx, gateway: crashingAfterPayout(bed.gateway) };
        await expect(refundPaymentOfCancelledOrder(crashing, order._id, paid.intent)).rejects.toThrow(
          "the process died",
        );
        expect(await traces(bed, order, paid.intent.id)).toMatchObject({
          payouts: [2400],
          records: [{ kind: "payment", state: "pending", amountCents: 2400 }],
          announced: 0,
        });

        await resumePendingRefunds(bed.ctx, new Date(Date.now() + 2 * PENDING_REFUND_GRACE_MS));
        // Seen again later (the webhook arrives): already refunded, nothing more.
        expect(await refundPaymentOfCancelledOrder(bed.ctx, order._id, paid.intent)).toBe("refunded");
        expect(await traces(bed, order, paid.intent.id)).toMatchObject({
          payouts: [2400],
          creditNotes: 0,
          records: [{ kind: "payment", state: "completed", amountCents: 2400 }],
          announced: 1,
        });
      });

      it("a refund the gateway refuses is closed as failed, nothing recorded, its units free again", async () => {
        const { order, tools, paymentId } = await paidOrder(bed, [2000]);
        const [tool] = tools;
        if (!tool) throw new Error("a tool expected");
        // Refunded in the gateway's own dashboard, out of the shop's sight.
        await bed.gateway.refund(paymentId, "refunded-in-the-dashboard", 3000);
        await expect(refundOrderLines(bed.ctx, order._id, linesBody(tool.id, 2))).rejects.toMatchObject({
          statusCode: 409,
          message: REFUND_BEYOND_PAYMENT,
        });
        expect(await traces(bed, order, paymentId)).toMatchObject({
          payouts: [3000],
          creditNotes: 0,
          records: [{ kind: "lines", state: "failed", amountCents: 4000 }],
          refunded: [0],
          announced: 0,
        });
        expect(await refundOrderLines(bed.ctx, order._id, linesBody(tool.id, 1))).toMatchObject({
          lines: [{ refundedQuantity: 1 }],
        });
      });
    },
  );
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

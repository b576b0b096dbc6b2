// A refund's mail is queued in the transaction that completes the refund (issue 56's outbox, through
// the order process's refund step), not from OrderRefunded after the commit: a refund that commits has
// its mail job however soon its process dies after the commit, and a completion rolled back after its
// effects leaves none. Faults are injected around the running app's own event bus and mail queue, in
// a context of the test's own (decision 0027: nothing is mocked or left behind).
import { testDatabaseTargets } from "@toolshop/db/test-support";
import type { Order } from "@toolshop/shared/orders";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DomainEvent } from "../../lib/domain-events";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { mailJobsOf } from "../jobs/test-fixtures";
import { TestPaymentGateway } from "../payments/test-gateway";
import type { OrdersContext } from "./context";
import { linesBody, paidOrder, type RefundTestbed, traces } from "./refund-testbed";
import { refundOrder, refundOrderLines } from "./refunds";
import { createOrdersContext } from "./routes";
import { TEST_GATEWAY_SECRET } from "./test-fixtures";

for (const target of testDatabaseTargets()) {
  describe.skipIf(target.skip)(`a refund's mail in the refund's transaction ${target.title}`, () => {
    let t: TestApp;
    const bed = {} as RefundTestbed;
    beforeAll(async () => {
      t = await createTestApp(target.options);
      // Its job queue starts when it is ready (features/jobs/plugin.ts): the pgboss schema with it.
      await t.app.ready();
      const gateway = new TestPaymentGateway(t.app.db, TEST_GATEWAY_SECRET);
      const published: DomainEvent[] = [];
      // The app's own bus and mail queue, as its routes use them; the events are recorded too.
      const ctx: OrdersContext = {
        ...createOrdersContext(t.app, gateway),
        events: {
          async publish(event) {
            published.push(event);
            await t.app.events.publish(event);
          },
        },
      };
      Object.assign(bed, { db: t.app.db, ctx, gateway, published });
    });
    afterAll(async () => {
      await t?.close();
    });

    const refundMailsOf = async (order: Order) =>
      (await mailJobsOf(t.app.db, order._id)).filter((job) => job.data.order?.mail === "refunded");

    it("a refund that commits has its mail job, even when its process dies right after the commit", async () => {
      const { order, tools, paymentId } = await paidOrder(bed, [2000, 1500]);
      const [first] = tools;
      if (!first) throw new Error("a tool expected");
      // Nothing after the commit runs: not OrderRefunded, nor any of its subscribers.
      const dying: OrdersContext = {
        ...bed.ctx,
        events: {
          async publish() {
            throw new Error("the process died after the commit");
          },
        },
      };
      await expect(refundOrderLines(dying, order._id, linesBody(first.id, 2))).rejects.toThrow(
        "the process died after the commit",
      );
      expect(await traces(bed, order, paymentId)).toMatchObject({
        payouts: [4000],
        creditNotes: 1,
        records: [{ kind: "lines", state: "completed", amountCents: 4000 }],
        refunded: [2, 0],
      });
      const [mail, ...more] = await refundMailsOf(order);
      expect(more).toEqual([]);
      expect(mail?.data.order).toMatchObject({
        mail: "refunded",
        orderId: order._id,
        paymentId,
        part: { lines: [{ name: first.name, quantity: 2 }], amount: 40 },
        creditNote: expect.stringMatching(/^INV-CN-\d{4}-000001$/),
      });
    });

    it("a completion rolled back after its effects leaves no mail job; asked again, it records one", async () => {
      const { order, paymentId } = await paidOrder(bed, [2000, 1500]);
      const outbox = bed.ctx.mails;
      if (!outbox) throw new Error("the app's mail queue expected");
      // The refund's mail is written into the completion's transaction, then the process dies before
      // the commit.
      const dying: OrdersContext = {
        ...bed.ctx,
        mails: {
          async enqueue(tx, mail) {
            await outbox.enqueue(tx, mail);
            if (mail.mail === "refunded") throw new Error("the process died before the commit");
          },
        },
      };
      await expect(refundOrder(dying, order._id)).rejects.toThrow("the process died before the commit");
      expect(await traces(bed, order, paymentId)).toEqual({
        payouts: [10500],
        creditNotes: 0,
        records: [{ kind: "order", state: "pending", amountCents: 10500 }],
        refunded: [0, 0],
        announced: 0,
      });
      expect(await refundMailsOf(order)).toEqual([]);

      const refunded = await refundOrder(bed.ctx, order._id);
      expect(refunded.status).toBe("refunded");
      expect(await traces(bed, order, paymentId)).toEqual({
        payouts: [10500],
        creditNotes: 1,
        records: [{ kind: "order", state: "completed", amountCents: 10500 }],
        refunded: [3, 3],
        announced: 1,
      });
      const [mail, ...more] = await refundMailsOf(order);
      expect(more).toEqual([]);
      expect(mail?.data.order).toMatchObject({ mail: "refunded", orderId: order._id, paymentId });
    });
  });
}

// Money recorded before it moves (issue 56): refunds raced against themselves and against a shipment
// are paid out once and recorded whatever the order became meanwhile (a shipped order keeps its
// status, its lines say what was refunded). The holds are injected by wrapping the gateway.
import type { DatabaseHandle } from "@toolshop/db/client";
import { testDatabaseTargets } from "@toolshop/db/test-support";
import { createTestDatabase } from "@toolshop/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stockOf } from "../../testing/fixtures";
import { shipOrder } from "./admin-service";
import { linesBody, paidOrder, type RefundTestbed, STOCK, traces, withRefund } from "./refund-testbed";
import { refundOrder, refundOrderLines } from "./refunds";
import { ordersContext } from "./test-fixtures";

for (const target of testDatabaseTargets()) {
  describe.skipIf(target.skip)(`refunds raced, test gateway ${target.title}`, () => {
    let handle: DatabaseHandle;
    const bed = {} as RefundTestbed;
    beforeAll(async () => {
      handle = await createTestDatabase(target.options);
      Object.assign(bed, { db: handle.db, ...ordersContext(handle.db) });
    });
    afterAll(async () => {
      await handle?.close();
    });

    it("the same refund asked twice at once pays out once, and one of the two is told it was refunded meanwhile", async () => {
      const { order, tools, paymentId } = await paidOrder(bed, [2000, 1500]);
      const [, second] = tools;
      if (!second) throw new Error("two tools expected");
      // 45.00 of the 105.00 paid: the gateway would take it twice, so only the shop's record stops it.
      const answers = await Promise.allSettled([
        refundOrderLines(bed.ctx, order._id, linesBody(second.id, 3)),
        refundOrderLines(bed.ctx, order._id, linesBody(second.id, 3)),
      ]);
      expect(answers.filter((answer) => answer.status === "fulfilled")).toHaveLength(1);
      for (const answer of answers) {
        if (answer.status === "rejected") expect(answer.reason).toMatchObject({ statusCode: 409 });
      }
      const after = await traces(bed, order, paymentId);
      expect(after).toMatchObject({ payouts: [4500], creditNotes: 1, refunded: [0, 3], announced: 1 });
      expect(after.records.filter((record) => record.state === "completed")).toHaveLength(1);
      expect(await stockOf(bed.db, second.id)).toBe(STOCK);

      // The whole order, asked twice at once: what was left, once.
      const whole = await Promise.allSettled([
        refundOrder(bed.ctx, order._id),
        refundOrder(bed.ctx, order._id),
      ]);
      expect(whole.filter((answer) => answer.status === "fulfilled")).toHaveLength(1);
      expect(await traces(bed, order, paymentId)).toMatchObject({
        payouts: [4500, 6000],
        creditNotes: 2,
        refunded: [3, 3],
        announced: 2,
      });
    });

    it("a refund that a shipment overtakes at the gateway is still recorded: lines, stock, credit note", async () => {
      const { order, tools, paymentId } = await paidOrder(bed, [2000]);
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
      const held = withRefund(bed.gateway, async (...args) => {
        arrived();
        await released;
        return bed.gateway.refund(...args);
      });
      const refunding = refundOrderLines({ ...bed.ctx, gateway: held }, order._id, linesBody(tool.id, 3));
      await atGateway;
      expect(await shipOrder(bed.ctx, order._id, { carrier: "UPS", trackingNumber: "1Z9" })).toMatchObject({
        status: "shipped",
      });
      release();
      const refunded = await refunding;
      // Shipped orders keep their status; every line says it was refunded.
      expect(refunded).toMatchObject({ status: "shipped", lines: [{ refundedQuantity: 3 }] });
      expect(await traces(bed, order, paymentId)).toMatchObject({
        payouts: [6000],
        creditNotes: 1,
        records: [{ kind: "lines", state: "completed", amountCents: 6000 }],
        refunded: [3],
        announced: 1,
      });
      expect(await stockOf(bed.db, tool.id)).toBe(STOCK);
    });

    it("a refund raced against a shipment: what was paid out is what the lines record, stock back once", async () => {
      const { order, tools, paymentId } = await paidOrder(bed, [2000, 1500]);
      const [first] = tools;
      if (!first) throw new Error("a tool expected");
      const [refund, shipment] = await Promise.allSettled([
        refundOrderLines(bed.ctx, order._id, linesBody(first.id, 1)),
        shipOrder(bed.ctx, order._id, { carrier: "UPS", trackingNumber: "1Z9" }),
      ]);
      expect(refund.status).toBe("fulfilled");
      expect(shipment.status).toBe("fulfilled");
      expect(await traces(bed, order, paymentId)).toMatchObject({
        payouts: [2000],
        creditNotes: 1,
        refunded: [1, 0],
        announced: 1,
      });
      expect(await stockOf(bed.db, first.id)).toBe(STOCK - 2);
    });
  });
}

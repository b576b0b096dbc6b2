// Two admins refund different lines of one paid order at the same moment (issue 48), on Stripe, whose
// servers are mocked (fake-stripe.ts holds both refund calls until both have arrived, so both requests
// read the order before either is refunded). Either both are refunded with their own amounts and stock,
// or the second is refused and nothing of it happens; never a payout without its line, a line without
// its payout, or stock back twice.
import { testDatabaseTargets } from "@toolshop/db/test-support";
import { type Order, orderSchema } from "@toolshop/shared/orders";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, type SignedInCustomer, signedInCustomer } from "../../testing/api-client";
import { addTool, stockOf } from "../../testing/fixtures";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { createFakeStripe, type FakeStripe } from "../payments/fake-stripe";
import { REFUND_KEY_TAKEN } from "../payments/gateway";
import { onFakeStripe, succeedOnFakeStripe } from "./test-fixtures";

const WHERE = { address: "1 Main St", phone: "+1 555-0100" };
const STOCK = 10;

for (const target of testDatabaseTargets()) {
  describe.skipIf(target.skip)(`concurrent line refunds, faked Stripe ${target.title}`, () => {
    let t: TestApp;
    let fake: FakeStripe;
    let admin: SignedInCustomer;
    beforeAll(async () => {
      fake = createFakeStripe();
      t = await createTestApp(target.options, onFakeStripe(fake, "whsec_test_secret_for_line_refunds"));
      admin = await signedInCustomer(t, { role: "admin" });
    });
    afterAll(async () => {
      await t?.close();
    });

    /** A paid order of these tools (priced in cents, STOCK of each), three units per line. */
    async function paidOrder(pricesCents: number[]) {
      const customer = await signedInCustomer(t);
      const tools = await Promise.all(
        pricesCents.map((priceCents) =>
          addTool(t.database.db, { priceCents, minQuantity: 1, availableQuantity: STOCK }),
        ),
      );
      const lines = tools.map((tool) => ({ toolId: tool.id, quantity: 3 }));
      const placed = await call(t.app, customer, "POST", "/api/orders", { lines, ...WHERE });
      expect(placed.statusCode, placed.body).toBe(201);
      const order = orderSchema.parse(placed.json());
      const paymentId = await succeedOnFakeStripe(t.app, customer, fake, order._id);
      const paid = await call(t.app, customer, "PATCH", `/api/orders/${order._id}`, {
        transactionId: paymentId,
      });
      expect(paid.json()).toMatchObject({ status: "paid" });
      return { customer, order, tools, paymentId };
    }

    const refund = (order: Order, toolId: string, quantity: number) =>
      call(t.app, admin, "POST", `/api/orders/${order._id}/refund`, { lines: [{ toolId, quantity }] });

    /** What Stripe paid out for the payment equals what the lines say, and each tool's stock too. */
    async function expectPayoutsMatchLines(
      who: SignedInCustomer,
      order: Order,
      paymentId: string,
    ): Promise<Order> {
      const now = orderSchema.parse((await call(t.app, who, "GET", `/api/payment/${order._id}`)).json());
      const paidOut = fake.refunds
        .filter((each) => each.payment_intent === paymentId)
        .reduce((sum, each) => sum + each.amount, 0);
      const recorded = now.lines.reduce(
        (sum, line) => sum + Math.round(line.unitPrice * 100) * line.refundedQuantity,
        0,
      );
      expect(paidOut).toBe(recorded);
      for (const line of now.lines) {
        expect(await stockOf(t.database.db, line.toolId ?? "")).toBe(
          STOCK - line.quantity + line.refundedQuantity,
        );
      }
      return now;
    }

    for (const [title, prices, units] of [
      ["different amounts", [8900, 2000], [1, 2]],
      ["the same amount", [2000, 2000], [1, 1]],
    ] as const) {
      it(`refunds two different lines at once (${title}): both with their amounts, or the second refused cleanly (faked Stripe)`, async () => {
        const { customer, order, tools, paymentId } = await paidOrder([...prices]);
        const [first, second] = tools;
        if (!first || !second) throw new Error("two tools expected");

        fake.holdRefundsUntil(2);
        const answers = await Promise.all([
          refund(order, first.id, units[0]),
          refund(order, second.id, units[1]),
        ]);
        for (const answer of answers) expect([200, 409], answer.body).toContain(answer.statusCode);
        expect(answers.filter((answer) => answer.statusCode === 200).length).toBeGreaterThan(0);
        for (const refused of answers.filter((answer) => answer.statusCode === 409)) {
          expect(refused.json().message).toBe(REFUND_KEY_TAKEN);
        }
        await expectPayoutsMatchLines(customer, order, paymentId);

        // A refused refund, sent again once the first is in, is made: each line refunded once, each
        // amount paid out once.
        const refusedAt = answers.findIndex((answer) => answer.statusCode === 409);
        if (refusedAt >= 0) {
          const again = await refund(order, [first, second][refusedAt]?.id ?? "", units[refusedAt] ?? 0);
          expect(again.statusCode, again.body).toBe(200);
        }
        const after = await expectPayoutsMatchLines(customer, order, paymentId);
        expect(after.lines.map((line) => line.refundedQuantity)).toEqual([...units]);
        expect(
          fake.refunds
            .filter((each) => each.payment_intent === paymentId)
            .map((each) => each.amount)
            .sort((a, b) => a - b),
        ).toEqual([prices[0] * units[0], prices[1] * units[1]].sort((a, b) => a - b));
      });
    }
  });
}

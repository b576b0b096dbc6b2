// Orders under a tax rate (issue 50, decision 0041) through the API: the rate in force is kept on the
// order, the answer breaks it down per line, the payment and a line refund take the gross, and the
// paid mail shows net, tax and total. Both ways, a row of RATES each: tax added on top, and prices
// that hold it.
import { orders } from "@toolshop/db/schema";
import { testDatabaseTargets } from "@toolshop/db/test-support";
import { type Order, orderSchema } from "@toolshop/shared/orders";
import { shopSchema } from "@toolshop/shared/tools";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, type SignedInCustomer, signedInCustomer } from "../../testing/api-client";
import { addTool } from "../../testing/fixtures";
import { outboxMailTo } from "../../testing/identity-client";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { payThroughCheckout } from "./test-fixtures";

const WHERE = { address: "1 Main St", phone: "+1 555-0100" };
const SELLER = {
  SELLER_NAME: "Toolshop Ltd",
  SELLER_ADDRESS: "1 Forge Lane\nSheffield S1 2AB",
  SELLER_TAX_ID: "GB123456789",
};

/**
 * The two ways, each with what an order of 3 × 12.50 (pliers) and 1 × 0.99 (tape) comes to: the
 * order's totals, each line's [total, net, tax, gross], the paid mail's rows, and the refund of two
 * of the three pliers.
 */
const RATES: {
  title: string;
  env: Record<string, string>;
  rule: { ratePercent: number; pricesIncludeTax: boolean };
  totals: { net: number; tax: number; gross: number };
  lines: number[][];
  paidMail: string[];
  twoPliersRefunded: string;
}[] = [
  {
    title: "with tax added on top (TAX_RATE=8.875)",
    env: { TAX_RATE: "8.875" },
    rule: { ratePercent: 8.875, pricesIncludeTax: false },
    // 37.50 + 3.33 tax (3.328…), 0.99 + 0.09 tax (0.0878…): each line rounded, the total their sum.
    totals: { net: 38.49, tax: 3.42, gross: 41.91 },
    lines: [
      [37.5, 37.5, 3.33, 40.83],
      [0.99, 0.99, 0.09, 1.08],
    ],
    paidMail: ["Net: $38.49", "Tax 8.875%: $3.42", "Total paid: $41.91"],
    // 25.00 + round(2.21875) = 27.22; the third plier would give back 40.83 − 27.22 = 13.61.
    twoPliersRefunded: "Amount refunded: $27.22",
  },
  {
    title: "with prices that hold the tax (TAX_RATE=20, PRICES_INCLUDE_TAX=true)",
    env: { TAX_RATE: "20", PRICES_INCLUDE_TAX: "true" },
    rule: { ratePercent: 20, pricesIncludeTax: true },
    // 37.50 / 1.2 = 31.25; 0.99 / 1.2 = 0.825 → 0.83 (a half goes up into net).
    totals: { net: 32.08, tax: 6.41, gross: 38.49 },
    lines: [
      [37.5, 31.25, 6.25, 37.5],
      [0.99, 0.83, 0.16, 0.99],
    ],
    paidMail: ["Net: $32.08", "Tax 20% included: $6.41", "Total paid: $38.49"],
    // The shelf price holds the tax: two of three pliers give back 2 × 12.50.
    twoPliersRefunded: "Amount refunded: $25.00",
  },
];

// One database is enough: the arithmetic is the process's, the columns are plain.
for (const target of testDatabaseTargets().slice(0, 1)) {
  describe.skipIf(target.skip)(`orders under a tax rate ${target.title}`, () => {
    describe.each(RATES)("$title", (rate) => {
      let t: TestApp;
      let admin: SignedInCustomer;
      beforeAll(async () => {
        t = await createTestApp(target.options, { env: { ...rate.env, ...SELLER } });
        admin = await signedInCustomer(t, { role: "admin" });
      });
      afterAll(async () => {
        await t?.close();
      });

      it("tells the web app the rate and the seller at GET /api/shop", async () => {
        const response = await t.app.inject({ method: "GET", url: "/api/shop" });
        expect(shopSchema.parse(response.json())).toEqual({
          currency: "USD",
          tax: rate.rule,
          seller: {
            name: "Toolshop Ltd",
            addressLines: ["1 Forge Lane", "Sheffield S1 2AB"],
            taxId: "GB123456789",
          },
        });
      });

      it("charges the gross, keeps the rate on the order, breaks the tax down line by line, and refunds a line's units with their tax", async () => {
        const customer = await signedInCustomer(t);
        const db = t.database.db;
        const pliers = await addTool(db, { priceCents: 1250, minQuantity: 1, availableQuantity: 10 });
        const tape = await addTool(db, { priceCents: 99, minQuantity: 1, availableQuantity: 10 });
        const placed = await call(t.app, customer, "POST", "/api/orders", {
          lines: [
            { toolId: pliers.id, quantity: 3 },
            { toolId: tape.id, quantity: 1 },
          ],
          ...WHERE,
        });
        expect(placed.statusCode, placed.body).toBe(201);
        const order = orderSchema.parse(placed.json());
        expect(order.tax).toEqual({ ...rate.rule, ...rate.totals });
        expect(order.price).toBe(rate.totals.gross);
        expect(order.lines.map(({ total, net, tax, gross }) => [total, net, tax, gross])).toEqual(rate.lines);
        const [row] = await db.select().from(orders).where(eq(orders.id, order._id));
        expect(row).toMatchObject({
          totalCents: Math.round(rate.totals.gross * 100),
          taxRatePercent: rate.rule.ratePercent,
          pricesIncludeTax: rate.rule.pricesIncludeTax,
        });

        // The payment is for the gross, and the paid mail breaks it down.
        const intent = await call(t.app, customer, "POST", "/api/create-payment-intent", {
          orderId: order._id,
        });
        expect(intent.statusCode, intent.body).toBe(200);
        await payThroughCheckout(t.app, customer, order._id);
        const mail = await outboxMailTo(t.dataDir, customer.email, "Your Toolshop order is paid");
        for (const text of rate.paidMail) expect(mail).toContain(text);

        const detail = await call(t.app, customer, "GET", `/api/orders/${order._id}/detail`);
        expect(detail.json().tax).toEqual(order.tax);

        // Two of three pliers come back with their share of the line's tax.
        const refunded = await call(t.app, admin, "POST", `/api/orders/${order._id}/refund`, {
          lines: [{ toolId: pliers.id, quantity: 2 }],
        });
        expect(refunded.statusCode, refunded.body).toBe(200);
        const partMail = await outboxMailTo(
          t.dataDir,
          customer.email,
          "Part of your Toolshop order was refunded",
        );
        expect(partMail).toContain(rate.twoPliersRefunded);
      });

      it("keeps an order's rate when the rate changes: an order placed before shows what it was charged", async () => {
        const customer = await signedInCustomer(t);
        const tool = await addTool(t.database.db, { priceCents: 1000, minQuantity: 1, availableQuantity: 5 });
        const placed = await call(t.app, customer, "POST", "/api/orders", {
          toolId: tool.id,
          quantity: 1,
          ...WHERE,
        });
        const id = orderSchema.parse(placed.json())._id;
        await t.database.db.update(orders).set({ taxRatePercent: 0 }).where(eq(orders.id, id));
        const mine = await call(t.app, customer, "GET", `/api/orders/${customer.email}`);
        const listed = (mine.json() as Order[]).find((each) => each._id === id);
        // The stored rate decides the breakdown, not TAX_RATE: rate 0 shows no tax at all.
        expect(listed?.tax).toMatchObject({ ratePercent: 0, net: 10, tax: 0, gross: 10 });
      });
    });
  });
}

// Shipping costs (issue 62, decision 0067): the owner's methods, what a cart costs to ship by each, and
// the charge an order is placed with: taxed like its lines, in its total, on its invoice, given back by a
// whole refund, and never a figure other than the one the customer was shown, even raced with a change.
import { orders, tools } from "@toolshop/db/schema";
import { testDatabaseTargets } from "@toolshop/db/test-support";
import { orderSchema } from "@toolshop/shared/orders";
import type { ShippingMethod, ShippingOptions } from "@toolshop/shared/shipping";
import { parse } from "csv-parse/sync";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, type SignedInCustomer, signedInCustomer } from "../../testing/api-client";
import { addTool, stockOf } from "../../testing/fixtures";
import { outboxMailTo } from "../../testing/identity-client";
import { readPdf } from "../../testing/pdf-text";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { payThroughCheckout } from "../orders/test-fixtures";

const WHERE = { address: "7 Buyer Road, Leeds", phone: "+44 113 496 0000" };

for (const target of testDatabaseTargets()) {
  describe.skipIf(target.skip)(`shipping methods and charges ${target.title}`, () => {
    let t: TestApp;
    let admin: SignedInCustomer;
    let customer: SignedInCustomer;
    let pliers: Awaited<ReturnType<typeof addTool>>;
    let standard: ShippingMethod;
    let express: ShippingMethod;
    let pickup: ShippingMethod;
    beforeAll(async () => {
      t = await createTestApp(target.options, { env: { TAX_RATE: "20", PRICES_INCLUDE_TAX: "false" } });
      admin = await signedInCustomer(t, { role: "admin" });
      customer = await signedInCustomer(t);
      pliers = await addTool(t.database.db, { priceCents: 1250, minQuantity: 1, availableQuantity: 500 });
      await t.database.db.update(tools).set({ weightGrams: 1500 }).where(eq(tools.id, pliers.id));
      const add = async (body: object) => {
        const created = await call(t.app, admin, "POST", "/api/shipping-methods", body);
        expect(created.statusCode, created.body).toBe(201);
        return created.json() as ShippingMethod;
      };
      standard = await add({ name: "Standard", note: "2-3 working days", price: 4.95, freeOver: 100 });
      express = await add({ name: "Express", price: 9.95, perKg: 2, countries: ["gb"] });
      pickup = await add({ name: "Pickup at the works", pickup: true });
    }, 120_000);
    afterAll(async () => {
      await t?.close();
    });

    const options = async (lines: object[], country?: string) => {
      const answer = await call(t.app, undefined, "POST", "/api/shipping/options", { lines, country });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json() as ShippingOptions;
    };
    const placeOrder = (who: SignedInCustomer, body: object) =>
      call(t.app, who, "POST", "/api/orders", {
        lines: [{ toolId: pliers.id, quantity: 3 }],
        ...WHERE,
        ...body,
      });

    it("lets only an admin keep the methods, and refuses a method that makes no sense with a sentence", async () => {
      expect((await call(t.app, customer, "GET", "/api/shipping-methods")).statusCode).toBe(403);
      expect((await call(t.app, undefined, "POST", "/api/shipping-methods", {})).statusCode).toBe(401);
      const listed = (await call(t.app, admin, "GET", "/api/shipping-methods")).json() as ShippingMethod[];
      expect(listed.map((method) => [method.name, method.position])).toEqual([
        ["Standard", 0],
        ["Express", 1],
        ["Pickup at the works", 2],
      ]);
      expect(express.countries).toEqual(["GB"]);
      for (const [body, message] of [
        [{ name: "Collect", pickup: true, price: 3 }, "Pickup at the works is free: leave its price at 0"],
        [
          { name: "Abroad", price: 5, countries: ["Germany"] },
          "The country must be a two-letter code such as GB or US",
        ],
        [{ name: "Cheap", price: 1.999 }, "The price can have at most 2 decimals"],
        [
          { name: "Line\nbreak", price: 1 },
          "The name must be a single line without line breaks or control characters",
        ],
        [{ name: "x".repeat(81), price: 1 }, "The name must be at most 80 characters"],
      ] as const) {
        const refused = await call(t.app, admin, "POST", "/api/shipping-methods", body);
        expect([refused.statusCode, refused.json().message]).toEqual([400, expect.stringContaining(message)]);
      }
    });

    it("prices a cart by each method that serves the country: a threshold, a price per started kilogram, pickup free", async () => {
      // 3 × 12.50 = 37.50, 4.5 kg: Express is 9.95 + 5 × 2.00.
      const toBritain = await options([{ toolId: pliers.id, quantity: 3 }], "GB");
      expect(toBritain.countries).toEqual(["GB"]);
      expect(toBritain.options.map((option) => [option.name, option.charge, option.free])).toEqual([
        ["Standard", 4.95, false],
        ["Express", 19.95, false],
        ["Pickup at the works", 0, false],
      ]);
      const toGermany = await options([{ toolId: pliers.id, quantity: 3 }], "de");
      expect(toGermany.options.map((option) => option.name)).toEqual(["Standard", "Pickup at the works"]);
      // 8 × 12.50 = 100: free from the threshold up.
      const [free] = (await options([{ toolId: pliers.id, quantity: 8 }], "GB")).options;
      expect([free?.charge, free?.free]).toEqual([0, true]);
    });

    it("charges the chosen method in the order's total, taxed like its lines, on the invoice and given back by a whole refund", async () => {
      const buyer = await signedInCustomer(t);
      const placed = await placeOrder(buyer, {
        shipping: { methodId: standard._id, charge: 4.95 },
        country: "GB",
      });
      expect(placed.statusCode, placed.body).toBe(201);
      const order = orderSchema.parse(placed.json());
      // Lines 37.50 + 7.50 tax; shipping 4.95 + 0.99 tax.
      expect(order.shipping).toEqual({
        name: "Standard",
        pickup: false,
        country: "GB",
        charge: 4.95,
        net: 4.95,
        tax: 0.99,
        gross: 5.94,
      });
      expect(order.tax).toMatchObject({ net: 42.45, tax: 8.49, gross: 50.94 });
      expect(order.price).toBe(50.94);

      await payThroughCheckout(t.app, buyer, order._id);
      const mail = await outboxMailTo(t.dataDir, buyer.email, `Your Toolshop order is paid: ${order.number}`);
      expect(mail).toContain("Standard ($4.95)");
      expect(mail).toContain("$50.94");
      const invoice = await call(t.app, buyer, "GET", `/api/orders/${order._id}/invoice.pdf`);
      const text = (await readPdf(invoice.rawPayload)).map((page) => page.text).join("\n");
      expect(text).toContain("Shipping: Standard");
      expect(text).toContain("50.94");

      const refunded = await call(t.app, admin, "POST", `/api/orders/${order._id}/refund`);
      expect(refunded.statusCode, refunded.body).toBe(200);
      const after = orderSchema.parse(refunded.json());
      expect(after.creditNotes.map((note) => note.amount)).toEqual([50.94]);
      const note = await call(t.app, admin, "GET", `/api/orders/${order._id}/credit-notes/1.pdf`);
      expect((await readPdf(note.rawPayload)).map((page) => page.text).join("\n")).toContain(
        "Shipping: Standard",
      );

      // The accountant's CSV: a shipping row whose amounts, with the lines', make the order's totals.
      const day = new Date().toISOString().slice(0, 10);
      const csv = await call(t.app, admin, "GET", `/api/orders/export.csv?from=${day}&to=${day}`);
      const [header = [], ...rows] = parse(csv.rawPayload, { bom: true }) as string[][];
      const column = (name: string) => header.indexOf(name);
      const mine = rows.filter((row) => row[column("order")] === order.number);
      const rowOf = (kind: string) => mine.find((row) => row[column("kind")] === kind);
      const pick = (row: string[] | undefined, ...names: string[]) =>
        names.map((name) => row?.[column(name)]);
      expect(pick(rowOf("order"), "orderNet", "orderTax", "orderGross")).toEqual(["42.45", "8.49", "50.94"]);
      expect(pick(rowOf("shipping"), "tool", "net", "tax", "gross")).toEqual([
        "Shipping: Standard",
        "4.95",
        "0.99",
        "5.94",
      ]);
      const credited = mine.filter((row) => row[column("kind")] === "credit-note");
      expect(credited.map((row) => row[column("tool")])).toContain("Shipping: Standard");
    });

    it("refuses an order without a method while the shop offers some, a method that does not ship there, and one gone", async () => {
      const none = await placeOrder(customer, {});
      expect([none.statusCode, none.json().message]).toEqual([
        400,
        "Choose how the order is shipped (shipping: {methodId, charge}): Standard, Express, Pickup at the works.",
      ]);
      const abroad = await placeOrder(customer, {
        shipping: { methodId: express._id, charge: 19.95 },
        country: "DE",
      });
      expect([abroad.statusCode, abroad.json().message]).toEqual([
        400,
        "Express does not ship to DE. Please choose another shipping method.",
      ]);
      const gone = await placeOrder(customer, { shipping: { methodId: crypto.randomUUID(), charge: 0 } });
      expect([gone.statusCode, gone.json().message]).toEqual([
        409,
        "That shipping method is no longer offered. Please choose another.",
      ]);
      // Pickup needs no country and costs nothing.
      const collected = await placeOrder(customer, { shipping: { methodId: pickup._id, charge: 0 } });
      expect(collected.statusCode, collected.body).toBe(201);
      expect(orderSchema.parse(collected.json()).shipping).toMatchObject({
        name: "Pickup at the works",
        gross: 0,
      });
    });

    it("refuses, with the new charge and nothing taken, an order whose charge changed since the customer saw it", async () => {
      const stock = await stockOf(t.database.db, pliers.id);
      const changed = await call(t.app, admin, "PUT", `/api/shipping-methods/${express._id}`, {
        name: "Express",
        price: 12.5,
        perKg: 2,
        countries: ["GB"],
      });
      expect(changed.statusCode, changed.body).toBe(200);
      const stale = await placeOrder(customer, {
        shipping: { methodId: express._id, charge: 19.95 },
        country: "GB",
      });
      expect([stale.statusCode, stale.json().message]).toEqual([
        409,
        "The shipping charge for Express is now $22.50, not $19.95. Nothing was ordered: please check the total and place the order again.",
      ]);
      expect(await stockOf(t.database.db, pliers.id)).toBe(stock);
    });

    it("never charges a figure the customer was not shown when orders race a change of the method", async () => {
      const shown = (await options([{ toolId: pliers.id, quantity: 3 }], "GB")).options.find(
        (option) => option.name === "Standard",
      );
      expect(shown?.charge).toBe(4.95);
      const buyers = await Promise.all(Array.from({ length: 6 }, () => signedInCustomer(t)));
      const [change, ...answers] = await Promise.all([
        call(t.app, admin, "PUT", `/api/shipping-methods/${standard._id}`, {
          name: "Standard",
          price: 6.5,
          freeOver: 100,
        }),
        ...buyers.map((buyer) =>
          placeOrder(buyer, { shipping: { methodId: standard._id, charge: 4.95 }, country: "GB" }),
        ),
      ]);
      expect(change?.statusCode).toBe(200);
      for (const answer of answers) {
        if (answer.statusCode === 201) {
          const [row] = await t.database.db
            .select({ cents: orders.shippingCents })
            .from(orders)
            .where(eq(orders.id, answer.json()._id));
          expect(row?.cents).toBe(495);
        } else {
          expect([answer.statusCode, answer.json().message]).toEqual([
            409,
            expect.stringContaining("The shipping charge for Standard is now $6.50, not $4.95."),
          ]);
        }
      }
    });
  });
}

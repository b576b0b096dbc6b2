// Prices by quantity (issue 49) through the API: the admin sets a tool's breaks (validated, admin only),
// the catalogue's cached answers show them at once, and the cart and every order price each line by
// them on the server, whatever price the client sends.
import { orderLines } from "@toolshop/db/schema";
import { testDatabaseTargets } from "@toolshop/db/test-support";
import { cartSchema, cartTotal } from "@toolshop/shared/cart";
import { orderSchema } from "@toolshop/shared/orders";
import { type Tool, toolSchema, toolSearchPageSchema } from "@toolshop/shared/tools";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, type SignedInCustomer, signedInCustomer } from "../../testing/api-client";
import { addTool } from "../../testing/fixtures";
import { createTestApp, type TestApp } from "../../testing/test-app";

const WHERE = { address: "1 Main St", phone: "+1 555-0100" };
/** The example on a 10.00 tool: from 50 units 10% off, from 200 units 18% off. */
const BREAKS = [
  { minQuantity: 50, unitPrice: 9 },
  { minQuantity: 200, unitPrice: 8.2 },
];

for (const target of testDatabaseTargets()) {
  describe.skipIf(target.skip)(`price breaks ${target.title}`, () => {
    let t: TestApp;
    let admin: SignedInCustomer;
    let customer: SignedInCustomer;
    beforeAll(async () => {
      t = await createTestApp(target.options);
      admin = await signedInCustomer(t, { role: "admin" });
      customer = await signedInCustomer(t);
    });
    afterAll(async () => {
      await t?.close();
    });

    /** A 10.00 tool (minimum 10, 1000 in stock), as GET /api/tools/:id answers it. */
    async function aTool(): Promise<Tool> {
      const row = await addTool(t.database.db, {
        priceCents: 1000,
        minQuantity: 10,
        availableQuantity: 1000,
      });
      return getTool(row.id);
    }
    async function getTool(id: string): Promise<Tool> {
      const response = await t.app.inject({ method: "GET", url: `/api/tools/${id}` });
      expect(response.statusCode, response.body).toBe(200);
      return toolSchema.parse(response.json());
    }
    /** PATCH /api/tools/:id with the tool's fields and `changes`; without priceBreaks unless they are one. */
    const edit = (tool: Tool, changes: object, who: SignedInCustomer = admin) => {
      const { priceBreaks: _kept, ...fields } = tool;
      return call(t.app, who, "PATCH", `/api/tools/${tool._id}`, {
        ...fields,
        previousAvailableQuantity: tool.availableQuantity,
        ...changes,
      });
    };
    async function withBreaks(): Promise<Tool> {
      const tool = await aTool();
      const response = await edit(tool, { priceBreaks: BREAKS });
      expect(response.statusCode, response.body).toBe(200);
      return toolSchema.parse(response.json());
    }

    it("shows breaks set by the admin in the cached tool, list and first search page at once", async () => {
      const tool = await aTool();
      expect(tool.priceBreaks).toEqual([]);
      const firstPage = async () =>
        toolSearchPageSchema
          .parse((await t.app.inject({ method: "GET", url: "/api/tools/search?limit=100" })).json())
          .tools.find((item) => item._id === tool._id);
      const inList = async () =>
        toolSchema
          .array()
          .parse((await t.app.inject({ method: "GET", url: "/api/tools" })).json())
          .find((item) => item._id === tool._id);
      // Each answer cached before the edit.
      await Promise.all([getTool(tool._id), firstPage(), inList()]);

      const saved = await edit(tool, { priceBreaks: BREAKS });
      expect(saved.statusCode, saved.body).toBe(200);
      expect((await getTool(tool._id)).priceBreaks).toEqual(BREAKS);
      expect((await inList())?.priceBreaks).toEqual(BREAKS);
      const searched = await firstPage();
      if (searched) expect(searched.priceBreaks).toEqual(BREAKS);

      // An edit without breaks keeps them; an empty list clears them.
      expect((await edit(tool, { name: "Renamed" })).json().priceBreaks).toEqual(BREAKS);
      expect((await edit(tool, { priceBreaks: [] })).json().priceBreaks).toEqual([]);
      expect((await getTool(tool._id)).priceBreaks).toEqual([]);
    });

    it("refuses breaks from a customer (403) and anonymously (401), and leaves the tool as it was", async () => {
      const tool = await aTool();
      expect((await edit(tool, { priceBreaks: BREAKS }, customer)).statusCode).toBe(403);
      const anonymous = await call(t.app, undefined, "PATCH", `/api/tools/${tool._id}`, {
        ...tool,
        previousAvailableQuantity: tool.availableQuantity,
        priceBreaks: BREAKS,
      });
      expect(anonymous.statusCode).toBe(401);
      expect((await getTool(tool._id)).priceBreaks).toEqual([]);
    });

    it("answers 400 with a sentence naming the row for breaks that break the rules", async () => {
      const tool = await aTool();
      const refusals: [unknown, string][] = [
        [[{ minQuantity: 10, unitPrice: 9 }], "The quantity must be more than the minimum order (10)"],
        [[{ minQuantity: 50, unitPrice: 10 }], "The unit price must be below the list price (10.00)"],
        [
          [
            { minQuantity: 50, unitPrice: 9 },
            { minQuantity: 40, unitPrice: 8 },
          ],
          "The quantity must be more than the row above (50)",
        ],
        [
          [
            { minQuantity: 50, unitPrice: 9 },
            { minQuantity: 60, unitPrice: 9.5 },
          ],
          "The unit price must be below the row above (9.00)",
        ],
        [
          Array.from({ length: 11 }, (_, index) => ({ minQuantity: 20 + index, unitPrice: 9 - index / 10 })),
          "A tool may have at most 10 price breaks",
        ],
        [[{ minQuantity: 50, unitPrice: "9" }], "The unit price is required"],
        [[{ minQuantity: 50, unitPrice: 8.999 }], "The unit price can have at most 2 decimals"],
      ];
      for (const [priceBreaks, message] of refusals) {
        const response = await edit(tool, { priceBreaks });
        expect(response.statusCode, JSON.stringify(priceBreaks)).toBe(400);
        expect(response.json().message).toContain(message);
      }
      const created = await call(t.app, admin, "POST", "/api/tools", {
        ...tool,
        image: "/images/tools/pliers.svg",
        priceBreaks: [{ minQuantity: 5, unitPrice: 9 }],
      });
      expect(created.statusCode).toBe(400);
      expect(created.json().message).toBe(
        "priceBreaks.0.minQuantity: The quantity must be more than the minimum order (10)",
      );
      expect((await getTool(tool._id)).priceBreaks).toEqual([]);
    });

    it("refuses an edit without breaks whose new price or minimum the kept breaks no longer fit", async () => {
      const tool = await withBreaks();
      for (const changes of [{ price: 9 }, { minQuantity: 50 }]) {
        const response = await edit(tool, changes);
        expect(response.statusCode, JSON.stringify(changes)).toBe(400);
        expect(response.json().message).toMatch(/^The price breaks of .* do not hold .*\(row 1: /);
      }
      expect(await getTool(tool._id)).toEqual(tool);
    });

    it("charges the break price of each line's quantity, ignoring any price the client sends", async () => {
      const [small, mid, large] = await Promise.all([withBreaks(), withBreaks(), withBreaks()]);
      const response = await call(t.app, customer, "POST", "/api/orders", {
        lines: [
          { toolId: small._id, quantity: 49, unitPrice: 0.01 },
          { toolId: mid._id, quantity: 50, price: 0.01 },
          { toolId: large._id, quantity: 200 },
        ],
        price: 0.01,
        ...WHERE,
      });
      expect(response.statusCode, response.body).toBe(201);
      const order = orderSchema.parse(response.json());
      expect(order.lines.map((line) => [line.unitPrice, line.quantity, line.total])).toEqual([
        [10, 49, 490],
        [9, 50, 450],
        [8.2, 200, 1640],
      ]);
      expect(order.price).toBe(2580);
      const stored = await t.database.db
        .select({ unitPriceCents: orderLines.unitPriceCents, totalCents: orderLines.totalCents })
        .from(orderLines)
        .where(eq(orderLines.orderId, order._id))
        .orderBy(orderLines.position);
      expect(stored).toEqual([
        { unitPriceCents: 1000, totalCents: 49_000 },
        { unitPriceCents: 900, totalCents: 45_000 },
        { unitPriceCents: 820, totalCents: 164_000 },
      ]);

      // The spec's one-line shape, with its price field: the server's price again.
      const one = await call(t.app, customer, "POST", "/api/orders", {
        toolId: large._id,
        quantity: 60,
        price: 1,
        ...WHERE,
      });
      expect(one.statusCode, one.body).toBe(201);
      expect(orderSchema.parse(one.json()).price).toBe(540);
    });

    it("answers each cart line's unit price for its quantity, and the order charges the cart's total", async () => {
      const shopper = await signedInCustomer(t);
      const [breaks, plain] = await Promise.all([withBreaks(), aTool()]);
      const lines = [
        { toolId: breaks._id, quantity: 250 },
        { toolId: plain._id, quantity: 250 },
      ];
      const put = await call(t.app, shopper, "PUT", "/api/cart", { lines });
      expect(put.statusCode, put.body).toBe(200);
      const cart = cartSchema.parse(put.json());
      expect(cart.lines.map((line) => [line.price, line.seenPrice, line.unitPrice])).toEqual([
        [10, 10, 8.2],
        [10, 10, 10],
      ]);
      expect(cart.lines[0]?.priceBreaks).toEqual(BREAKS);
      expect(cartTotal(cart.lines)).toBe(4550);

      // The admin lowers a break: the cart shows the new unit price, and the order charges it.
      const cheaper = await edit(breaks, { priceBreaks: [{ minQuantity: 100, unitPrice: 7.5 }] });
      expect(cheaper.statusCode, cheaper.body).toBe(200);
      const again = cartSchema.parse((await call(t.app, shopper, "GET", "/api/cart")).json());
      expect(again.lines.map((line) => line.unitPrice)).toEqual([7.5, 10]);
      const placed = await call(t.app, shopper, "POST", "/api/orders", { lines, ...WHERE });
      expect(placed.statusCode, placed.body).toBe(201);
      expect(orderSchema.parse(placed.json()).price).toBe(cartTotal(again.lines));
    });
  });
}

// Lines by SKU (decision 0056): POST /api/orders, PUT /api/cart and POST /api/quotes take `{sku,
// quantity}` beside `{toolId, quantity}`, in any case; an unknown SKU is a 400 naming it, one tool on
// two lines (its id and its SKU) is refused as two lines of one id are, and every line of an answer
// names its SKU.
import { testDatabaseTargets } from "@toolshop/db/test-support";
import { cartSchema } from "@toolshop/shared/cart";
import { orderSchema } from "@toolshop/shared/orders";
import { quoteSchema } from "@toolshop/shared/quote-offers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, type SignedInCustomer, signedInCustomer } from "../../testing/api-client";
import { addTool } from "../../testing/fixtures";
import { createTestApp, type TestApp } from "../../testing/test-app";

for (const target of testDatabaseTargets()) {
  describe.skipIf(target.skip)(`lines by SKU ${target.title}`, () => {
    let t: TestApp;
    let ann: SignedInCustomer;
    let pliers: { id: string };
    let drill: { id: string };
    beforeAll(async () => {
      t = await createTestApp(target.options);
      ann = await signedInCustomer(t);
      pliers = await addTool(t.database.db, { sku: "PL-180/A", priceCents: 1250, minQuantity: 2 });
      drill = await addTool(t.database.db, { sku: "ED-18V.2", priceCents: 8900, minQuantity: 1 });
    });
    afterAll(async () => {
      await t?.close();
    });

    const where = { address: "1 Main St", phone: "+1 555-0100" };

    it("places an order of lines by SKU in any case and by id, each line naming its SKU", async () => {
      const response = await call(t.app, ann, "POST", "/api/orders", {
        ...where,
        lines: [
          { sku: "pl-180/a", quantity: 4 },
          { toolId: drill.id, quantity: 1 },
        ],
      });
      expect(response.statusCode, response.body).toBe(201);
      const order = orderSchema.parse(response.json());
      expect(order.lines.map(({ toolId, sku, quantity }) => ({ toolId, sku, quantity }))).toEqual([
        { toolId: pliers.id, sku: "PL-180/A", quantity: 4 },
        { toolId: drill.id, sku: "ED-18V.2", quantity: 1 },
      ]);
      expect(order.price).toBe(4 * 12.5 + 89);
    });

    it("refuses an order with a SKU no tool has, one tool on two lines, or a line with both or neither", async () => {
      const cases: [object[], string][] = [
        [[{ sku: "PL-999", quantity: 2 }], "No tool has the SKU PL-999."],
        [
          [
            { sku: "PL-180/A", quantity: 2 },
            { toolId: pliers.id, quantity: 2 },
          ],
          "Each tool may appear only once in the lines of an order",
        ],
        [
          [
            { sku: "PL-180/A", quantity: 2 },
            { sku: "pl-180/a", quantity: 2 },
          ],
          "Each tool may appear only once in the lines of an order",
        ],
        [
          [{ sku: "PL-180/A", toolId: pliers.id, quantity: 2 }],
          "A line names its tool by toolId or by sku, not both",
        ],
        [[{ quantity: 2 }], "Each line needs its tool's toolId or its sku"],
        [[{ sku: "../PL", quantity: 2 }], "The SKU may hold only letters"],
      ];
      for (const [lines, message] of cases) {
        const response = await call(t.app, ann, "POST", "/api/orders", { ...where, lines });
        expect(response.statusCode, JSON.stringify(lines)).toBe(400);
        expect(response.json().message).toContain(message);
      }
    });

    it("keeps a cart line sent by SKU as its tool's, answering its SKU", async () => {
      const put = await call(t.app, ann, "PUT", "/api/cart", {
        lines: [
          { sku: "ed-18v.2", quantity: 2 },
          { toolId: pliers.id, quantity: 3 },
        ],
      });
      expect(put.statusCode, put.body).toBe(200);
      const cart = cartSchema.parse(put.json());
      expect(cart.lines.map(({ toolId, sku, quantity }) => ({ toolId, sku, quantity }))).toEqual([
        { toolId: drill.id, sku: "ED-18V.2", quantity: 2 },
        { toolId: pliers.id, sku: "PL-180/A", quantity: 3 },
      ]);
      const unknown = await call(t.app, ann, "PUT", "/api/cart", {
        lines: [{ sku: "NO-SUCH", quantity: 1 }],
      });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().message).toBe("No tool has the SKU NO-SUCH.");
      // The refused PUT left the cart as it was.
      const kept = cartSchema.parse((await call(t.app, ann, "GET", "/api/cart")).json());
      expect(kept.lines.map((line) => line.sku)).toEqual(["ED-18V.2", "PL-180/A"]);
    });

    it("stores a quote's line by SKU with its tool and SKU", async () => {
      const asked = await call(t.app, ann, "POST", "/api/quotes", {
        lines: [
          { sku: "PL-180/a", quantity: 60 },
          { toolId: drill.id, quantity: 10 },
        ],
      });
      expect(asked.statusCode, asked.body).toBe(201);
      const id = asked.json()._id as string;
      const quote = quoteSchema.parse((await call(t.app, ann, "GET", `/api/quotes/${id}`)).json());
      expect(quote.lines.map(({ toolId, sku, quantity }) => ({ toolId, sku, quantity }))).toEqual([
        { toolId: pliers.id, sku: "PL-180/A", quantity: 60 },
        { toolId: drill.id, sku: "ED-18V.2", quantity: 10 },
      ]);
      const unknown = await call(t.app, ann, "POST", "/api/quotes", {
        lines: [{ sku: "QQ-1", quantity: 5 }],
      });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().message).toBe("No tool has the SKU QQ-1.");
    });
  });
}

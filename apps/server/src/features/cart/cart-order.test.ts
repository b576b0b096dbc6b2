// POST /api/orders with `fromCart: true` (the /checkout screen): the order and the emptied cart are one
// transaction. A refused order (a short line) leaves the cart whole; a placed one takes its tools out
// of the cart, and only its own customer's, and only those tools.
import { testDatabaseTargets } from "@toolshop/db/test-support";
import { FROM_CART_NEEDS_LINES } from "@toolshop/shared/orders";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, type SignedInCustomer, signedInCustomer } from "../../testing/api-client";
import { addTool, stockOf } from "../../testing/fixtures";
import { createTestApp, type TestApp } from "../../testing/test-app";

const WHERE = { address: "1 Main St", phone: "+1 555-0100" };

for (const target of testDatabaseTargets()) {
  describe.skipIf(target.skip)(`placing the cart ${target.title}`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(target.options);
    });
    afterAll(async () => {
      await t?.close();
    });

    const cartToolIds = async (who: SignedInCustomer) =>
      ((await call(t.app, who, "GET", "/api/cart")).json().lines as { toolId: string }[]).map(
        (line) => line.toolId,
      );

    async function customerWithCart(lines: { toolId: string; quantity: number }[]) {
      const who = await signedInCustomer(t);
      const put = await call(t.app, who, "PUT", "/api/cart", { lines });
      expect(put.statusCode, put.body).toBe(200);
      return who;
    }

    it("keeps the whole cart when a short line refuses the order", async () => {
      const drill = await addTool(t.database.db, { priceCents: 8900, minQuantity: 1, availableQuantity: 5 });
      const level = await addTool(t.database.db, { priceCents: 2000, minQuantity: 1, availableQuantity: 2 });
      const lines = [
        { toolId: drill.id, quantity: 1 },
        { toolId: level.id, quantity: 2 },
      ];
      const ann = await customerWithCart(lines);
      // Someone else buys a level meanwhile: the cart's line is now short.
      const other = await signedInCustomer(t);
      const bought = await call(t.app, other, "POST", "/api/orders", {
        toolId: level.id,
        quantity: 1,
        ...WHERE,
      });
      expect(bought.statusCode, bought.body).toBe(201);

      const refused = await call(t.app, ann, "POST", "/api/orders", { lines, ...WHERE, fromCart: true });
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json().message).toContain(level.name);
      expect(await cartToolIds(ann)).toEqual([drill.id, level.id]);
      expect(await stockOf(t.database.db, drill.id)).toBe(5);
    });

    it("empties the cart of the ordered tools in the order's transaction, and no one else's cart", async () => {
      const pliers = await addTool(t.database.db, {
        priceCents: 1250,
        minQuantity: 2,
        availableQuantity: 50,
      });
      const drill = await addTool(t.database.db, { priceCents: 8900, minQuantity: 1, availableQuantity: 50 });
      const saw = await addTool(t.database.db, { priceCents: 3000, minQuantity: 1, availableQuantity: 50 });
      const lines = [
        { toolId: pliers.id, quantity: 2 },
        { toolId: drill.id, quantity: 1 },
      ];
      const ann = await customerWithCart(lines);
      const bob = await customerWithCart(lines);
      // A tool Ann added on another device after opening the checkout: not in the order, so it stays.
      const put = await call(t.app, ann, "PUT", "/api/cart", {
        lines: [...lines, { toolId: saw.id, quantity: 1 }],
      });
      expect(put.statusCode, put.body).toBe(200);

      const placed = await call(t.app, ann, "POST", "/api/orders", { lines, ...WHERE, fromCart: true });
      expect(placed.statusCode, placed.body).toBe(201);
      expect(await cartToolIds(ann)).toEqual([saw.id]);
      expect(await cartToolIds(bob)).toEqual([pliers.id, drill.id]);

      // Without fromCart (Order now, or an API client) the cart is left alone.
      const plain = await call(t.app, bob, "POST", "/api/orders", { lines, ...WHERE });
      expect(plain.statusCode, plain.body).toBe(201);
      expect(await cartToolIds(bob)).toEqual([pliers.id, drill.id]);
    });

    it("refuses fromCart with the one-line shape, or other than true, and changes nothing", async () => {
      const drill = await addTool(t.database.db, { priceCents: 8900, minQuantity: 1, availableQuantity: 5 });
      const ann = await customerWithCart([{ toolId: drill.id, quantity: 1 }]);
      const oneLine = await call(t.app, ann, "POST", "/api/orders", {
        toolId: drill.id,
        quantity: 1,
        ...WHERE,
        fromCart: true,
      });
      expect(oneLine.statusCode).toBe(400);
      expect(oneLine.json().message).toContain(FROM_CART_NEEDS_LINES);
      const notTrue = await call(t.app, ann, "POST", "/api/orders", {
        lines: [{ toolId: drill.id, quantity: 1 }],
        ...WHERE,
        fromCart: "yes",
      });
      expect(notTrue.statusCode).toBe(400);
      expect(await cartToolIds(ann)).toEqual([drill.id]);
      expect(await stockOf(t.database.db, drill.id)).toBe(5);
    });
  });
}

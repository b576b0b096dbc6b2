// GET and PUT /api/cart: each customer's own cart only, its caps, tools gone, and each line's tool as it
// is now beside the price the customer saw.
import { randomUUID } from "node:crypto";
import { tools } from "@toolshop/db/schema";
import { testDatabaseTargets } from "@toolshop/db/test-support";
import { CART_MAX_LINES } from "@toolshop/shared/cart";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, type SignedInCustomer, signedInCustomer } from "../../testing/api-client";
import { addTool } from "../../testing/fixtures";
import { createTestApp, type TestApp } from "../../testing/test-app";

for (const target of testDatabaseTargets()) {
  describe.skipIf(target.skip)(`cart API ${target.title}`, () => {
    let t: TestApp;
    let ann: SignedInCustomer;
    let bob: SignedInCustomer;
    beforeAll(async () => {
      t = await createTestApp(target.options);
      ann = await signedInCustomer(t);
      bob = await signedInCustomer(t);
    });
    afterAll(async () => {
      await t?.close();
    });

    const getCart = (who: SignedInCustomer) => call(t.app, who, "GET", "/api/cart");
    const putCart = (who: SignedInCustomer, lines: object[]) =>
      call(t.app, who, "PUT", "/api/cart", { lines });

    it("answers 401 without a token, before the body is read", async () => {
      expect((await t.app.inject({ method: "GET", url: "/api/cart" })).statusCode).toBe(401);
      const broken = await t.app.inject({
        method: "PUT",
        url: "/api/cart",
        payload: "{not json",
        headers: { "content-type": "application/json" },
      });
      expect(broken.statusCode).toBe(401);
      const wrongShape = await t.app.inject({ method: "PUT", url: "/api/cart", payload: { lines: "x" } });
      expect(wrongShape.statusCode).toBe(401);
    });

    it("starts empty, and keeps the lines in the order sent with each tool as it is now", async () => {
      expect((await getCart(ann)).json()).toEqual({ lines: [], removedToolIds: [] });
      const drill = await addTool(t.database.db, { priceCents: 8900, minQuantity: 1, availableQuantity: 7 });
      const pliers = await addTool(t.database.db, {
        priceCents: 1250,
        minQuantity: 2,
        availableQuantity: 100,
      });
      const put = await putCart(ann, [
        { toolId: pliers.id, quantity: 4 },
        { toolId: drill.id, quantity: 1 },
      ]);
      expect(put.statusCode, put.body).toBe(200);
      const expected = {
        lines: [
          {
            toolId: pliers.id,
            sku: pliers.sku,
            name: "Test Pliers",
            image: "/images/tools/pliers.svg",
            price: 12.5,
            seenPrice: 12.5,
            priceBreaks: [],
            unitPrice: 12.5,
            minQuantity: 2,
            availableQuantity: 100,
            soldOut: false,
            quantity: 4,
          },
          expect.objectContaining({ toolId: drill.id, price: 89, seenPrice: 89, quantity: 1 }),
        ],
        removedToolIds: [],
      };
      expect(put.json()).toEqual(expected);
      expect((await getCart(ann)).json()).toEqual(expected);
      await putCart(ann, []);
    });

    it("shows the current price beside the price seen when added, and a sold-out tool as such", async () => {
      const level = await addTool(t.database.db, { priceCents: 2000, minQuantity: 5, availableQuantity: 50 });
      await putCart(ann, [{ toolId: level.id, quantity: 10 }]);
      await t.database.db
        .update(tools)
        .set({ priceCents: 2400, availableQuantity: 3 })
        .where(eq(tools.id, level.id));
      const [line] = (await getCart(ann)).json().lines;
      expect(line).toMatchObject({ price: 24, seenPrice: 20, soldOut: true, availableQuantity: 3 });

      // Saving the cart again keeps the price seen; accepting the new price sends it.
      const kept = await putCart(ann, [{ toolId: level.id, quantity: 10 }]);
      expect(kept.json().lines[0]).toMatchObject({ price: 24, seenPrice: 20 });
      const accepted = await putCart(ann, [{ toolId: level.id, quantity: 10, seenPrice: 24 }]);
      expect(accepted.json().lines[0]).toMatchObject({ price: 24, seenPrice: 24 });
      await putCart(ann, []);
    });

    it("lowers a quantity above the stock to the stock, never below the minimum", async () => {
      const tape = await addTool(t.database.db, { minQuantity: 2, availableQuantity: 30 });
      const gone = await addTool(t.database.db, { minQuantity: 10, availableQuantity: 4 });
      const put = await putCart(ann, [
        { toolId: tape.id, quantity: 45 },
        { toolId: gone.id, quantity: 12 },
      ]);
      expect(put.json().lines.map((line: { quantity: number }) => line.quantity)).toEqual([30, 10]);
      await putCart(ann, []);
    });

    it("drops tools that are not sold and names them", async () => {
      const known = await addTool(t.database.db);
      const unknown = randomUUID();
      const put = await putCart(ann, [
        { toolId: unknown, quantity: 2 },
        { toolId: known.id, quantity: 2 },
      ]);
      expect(put.statusCode).toBe(200);
      expect(put.json().lines.map((line: { toolId: string }) => line.toolId)).toEqual([known.id]);
      expect(put.json().removedToolIds).toEqual([unknown]);

      // A tool deleted from the catalogue leaves the cart with it.
      await t.database.db.delete(tools).where(eq(tools.id, known.id));
      expect((await getCart(ann)).json().lines).toEqual([]);
    });

    it("never reads or writes another customer's cart", async () => {
      const a = await addTool(t.database.db);
      const b = await addTool(t.database.db);
      await putCart(ann, [{ toolId: a.id, quantity: 3 }]);
      await putCart(bob, [{ toolId: b.id, quantity: 5 }]);
      expect((await getCart(ann)).json().lines.map((line: { toolId: string }) => line.toolId)).toEqual([
        a.id,
      ]);
      expect((await getCart(bob)).json().lines.map((line: { toolId: string }) => line.toolId)).toEqual([
        b.id,
      ]);

      // Bob emptying his cart leaves Ann's; a userId in the body is stripped, not obeyed.
      const sneaky = await call(t.app, bob, "PUT", "/api/cart", { userId: ann.id, lines: [] });
      expect(sneaky.statusCode).toBe(200);
      expect((await getCart(ann)).json().lines).toHaveLength(1);
      await putCart(ann, []);
    });

    it("refuses more than 50 lines, a tool twice, bad quantities and bad ids", async () => {
      const tool = await addTool(t.database.db);
      const many = Array.from({ length: CART_MAX_LINES + 1 }, () => ({ toolId: randomUUID(), quantity: 1 }));
      const tooMany = await putCart(ann, many);
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.json().message).toContain("at most 50 tools");

      const twice = await putCart(ann, [
        { toolId: tool.id, quantity: 2 },
        { toolId: tool.id, quantity: 3 },
      ]);
      expect(twice.statusCode).toBe(400);
      expect(twice.json().message).toContain("only once");

      for (const line of [
        { toolId: tool.id, quantity: 0 },
        { toolId: tool.id, quantity: 2.5 },
        { toolId: tool.id, quantity: 1_000_001 },
        { toolId: tool.id, quantity: 2, seenPrice: -1 },
        { toolId: "not-a-uuid", quantity: 2 },
      ]) {
        expect((await putCart(ann, [line])).statusCode, JSON.stringify(line)).toBe(400);
      }
      expect((await call(t.app, ann, "PUT", "/api/cart", {})).statusCode).toBe(400);
      expect((await getCart(ann)).json().lines).toEqual([]);
    });

    it("saves one customer's carts sent at once from several devices one after the other", async () => {
      const a = await addTool(t.database.db);
      const b = await addTool(t.database.db);
      const puts = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          putCart(ann, [
            { toolId: i % 2 ? a.id : b.id, quantity: 2 + i },
            { toolId: i % 2 ? b.id : a.id, quantity: 2 },
          ]),
        ),
      );
      expect(puts.map((put) => put.statusCode)).toEqual(puts.map(() => 200));
      expect((await getCart(ann)).json().lines).toHaveLength(2);
      await putCart(ann, []);
    });

    it("takes 50 lines", async () => {
      const fifty = [];
      for (let i = 0; i < CART_MAX_LINES; i += 1) fifty.push(await addTool(t.database.db));
      const put = await putCart(
        ann,
        fifty.map((tool) => ({ toolId: tool.id, quantity: 2 })),
      );
      expect(put.statusCode).toBe(200);
      expect(put.json().lines).toHaveLength(CART_MAX_LINES);
      await putCart(ann, []);
    });
  });
}

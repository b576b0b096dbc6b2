// Issue 62, item 2: a quote asked for from the cart, once accepted into an order, takes the tools it
// covers out of the customer's cart in the order's transaction, so that checking the cart out does not
// buy them a second time. A tool the quote does not cover stays, and a refused accept leaves the cart.
import { testDatabaseTargets } from "@toolshop/db/test-support";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, type SignedInCustomer, signedInCustomer } from "../../testing/api-client";
import { addTool } from "../../testing/fixtures";
import { createTestApp, type TestApp } from "../../testing/test-app";

const DELIVERY = { address: "1 Trade Park", phone: "5550100" };

for (const target of testDatabaseTargets()) {
  describe.skipIf(target.skip)(`a quote's tools leave the cart ${target.title}`, () => {
    let t: TestApp;
    let admin: SignedInCustomer;
    beforeAll(async () => {
      t = await createTestApp(target.options);
      admin = await signedInCustomer(t, { role: "admin" });
    }, 120_000);
    afterAll(async () => {
      await t?.close();
    });

    const cartLines = async (who: SignedInCustomer) =>
      (
        (await call(t.app, who, "GET", "/api/cart")).json().lines as { toolId: string; quantity: number }[]
      ).map(({ toolId, quantity }) => ({ toolId, quantity }));

    /** A customer whose cart holds 80 pliers, 10 drills and 3 levels, and who asks for a price on the first two. */
    async function quoteFromCart(stock = 100) {
      const tool = (priceCents: number) =>
        addTool(t.database.db, { priceCents, minQuantity: 1, availableQuantity: stock });
      const [pliers, drill, level] = [await tool(1250), await tool(4000), await tool(2000)];
      const who = await signedInCustomer(t);
      const put = await call(t.app, who, "PUT", "/api/cart", {
        lines: [
          { toolId: pliers.id, quantity: 80 },
          { toolId: drill.id, quantity: 10 },
          { toolId: level.id, quantity: 3 },
        ],
      });
      expect(put.statusCode, put.body).toBe(200);
      const asked = await call(t.app, who, "POST", "/api/quotes", {
        lines: [
          { toolId: pliers.id, quantity: 60 },
          { toolId: drill.id, quantity: 10 },
        ],
      });
      expect(asked.statusCode, asked.body).toBe(201);
      const id = asked.json()._id as string;
      // The offer covers 60 pliers and more drills than the cart holds.
      const offer = await call(t.app, admin, "POST", `/api/quotes/${id}/offer`, {
        lines: [
          { toolId: pliers.id, quantity: 60, unitPrice: 10.5 },
          { toolId: drill.id, quantity: 12, unitPrice: 35 },
        ],
      });
      expect(offer.statusCode, offer.body).toBe(200);
      return { id, who, pliers, drill, level };
    }

    it("keeps the tools in the cart until the offer is accepted, then takes out what the order covers", async () => {
      const { id, who, pliers, drill, level } = await quoteFromCart();
      expect(await cartLines(who)).toEqual([
        { toolId: pliers.id, quantity: 80 },
        { toolId: drill.id, quantity: 10 },
        { toolId: level.id, quantity: 3 },
      ]);

      const accepted = await call(t.app, who, "POST", `/api/quotes/${id}/accept`, DELIVERY);
      expect(accepted.statusCode, accepted.body).toBe(201);
      // 20 pliers beyond the quote's 60 stay, the drills' whole line goes (10 held, 12 ordered), the level stays.
      expect(await cartLines(who)).toEqual([
        { toolId: pliers.id, quantity: 20 },
        { toolId: level.id, quantity: 3 },
      ]);

      // Accepting again answers the same order and takes nothing more.
      const again = await call(t.app, who, "POST", `/api/quotes/${id}/accept`, DELIVERY);
      expect(again.statusCode, again.body).toBe(200);
      expect(await cartLines(who)).toEqual([
        { toolId: pliers.id, quantity: 20 },
        { toolId: level.id, quantity: 3 },
      ]);
    });

    it("leaves the cart whole when the accept is refused", async () => {
      // 11 in stock: the offer's 12 drills are short, so no order is placed.
      const { id, who, pliers, drill, level } = await quoteFromCart(11);
      const refused = await call(t.app, who, "POST", `/api/quotes/${id}/accept`, DELIVERY);
      expect(refused.statusCode, refused.body).toBe(409);
      expect(await cartLines(who)).toEqual([
        { toolId: pliers.id, quantity: 11 },
        { toolId: drill.id, quantity: 10 },
        { toolId: level.id, quantity: 3 },
      ]);
    });
  });
}

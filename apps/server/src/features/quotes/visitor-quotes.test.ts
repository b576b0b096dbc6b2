// A visitor's quote request (sent before any account has its address) belongs to the account of that
// address only once the account has proven it: a stranger who signs up with the visitor's address
// sees and answers none of it (the list, the quote, its offer's accept and decline: 404 as for
// anyone's quote) until the verification link mailed to the address is opened.
import { quotes } from "@toolshop/db/schema";
import { testDatabaseTargets } from "@toolshop/db/test-support";
import { type Quote, quoteSchema } from "@toolshop/shared/quote-offers";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, type SignedInCustomer, signedInCustomer } from "../../testing/api-client";
import { addTool } from "../../testing/fixtures";
import { IdentityClient, uniqueEmail } from "../../testing/identity-client";
import { createTestApp, type TestApp } from "../../testing/test-app";

const DELIVERY = { address: "1 Trade Park", phone: "5550100" };

for (const target of testDatabaseTargets()) {
  describe.skipIf(target.skip)(
    `a visitor's quotes and an unproven account of their address ${target.title}`,
    () => {
      let t: TestApp;
      let admin: SignedInCustomer;
      beforeAll(async () => {
        t = await createTestApp(target.options);
        admin = await signedInCustomer(t, { role: "admin" });
      }, 120_000);
      afterAll(async () => {
        await t?.close();
      });

      /** A visitor's request from `email`, priced by the shop: an offer mailed to that address. */
      async function offeredToVisitor(email: string, ip: string): Promise<string> {
        const sent = await t.app.inject({
          method: "POST",
          url: "/api/quotes",
          remoteAddress: ip,
          payload: {
            name: "Vera Visitor",
            email,
            phone: "5550199",
            message: "Private: 40 drills for site 7.",
          },
        });
        expect(sent.statusCode, sent.body).toBe(201);
        const id = sent.json()._id as string;
        const tool = await addTool(t.database.db, {
          priceCents: 4000,
          minQuantity: 1,
          availableQuantity: 100,
        });
        const offer = await call(t.app, admin, "POST", `/api/quotes/${id}/offer`, {
          lines: [{ toolId: tool.id, quantity: 40, unitPrice: 31 }],
        });
        expect(offer.statusCode, offer.body).toBe(200);
        return id;
      }

      it("shows a stranger who signed up with the address none of them, and the account that proves it all", async () => {
        const email = uniqueEmail("visitor");
        const first = await offeredToVisitor(email, "198.51.100.61");
        const second = await offeredToVisitor(email, "198.51.100.62");

        const browser = new IdentityClient(t.app, "198.51.100.63");
        const signUp = await browser.signUp({ name: "Not Yet Proven", email, password: "Chisel2024xyz" });
        expect(signUp.statusCode, signUp.body).toBe(200);
        const token = await browser.accessToken(email);
        const asker = { headers: { authorization: `Bearer ${token}` } } as SignedInCustomer;
        const mine = async () =>
          quoteSchema
            .array()
            .parse((await call(t.app, asker, "GET", "/api/quotes/mine?limit=100")).json())
            .map((quote: Quote) => quote._id);

        expect(await mine()).toEqual([]);
        for (const id of [first, second]) {
          const read = await call(t.app, asker, "GET", `/api/quotes/${id}`);
          expect(read.statusCode, read.body).toBe(404);
          expect(read.body).not.toContain("site 7");
          expect((await call(t.app, asker, "POST", `/api/quotes/${id}/accept`, DELIVERY)).statusCode).toBe(
            404,
          );
          expect((await call(t.app, asker, "POST", `/api/quotes/${id}/decline`, {})).statusCode).toBe(404);
        }
        const untouched = await t.database.db.select().from(quotes).where(eq(quotes.email, email));
        expect(untouched.map((row) => [row.userId, row.state])).toEqual([
          [null, "offered"],
          [null, "offered"],
        ]);

        // The verification link mailed to the address, opened: the same account now holds both.
        await browser.verifyEmail(t.dataDir, email);
        expect((await mine()).sort()).toEqual([first, second].sort());
        const read = await call(t.app, asker, "GET", `/api/quotes/${first}`);
        expect(read.statusCode, read.body).toBe(200);
        expect(read.json()).toMatchObject({ phone: "5550199", message: "Private: 40 drills for site 7." });
        const accepted = await call(t.app, asker, "POST", `/api/quotes/${first}/accept`, DELIVERY);
        expect(accepted.statusCode, accepted.body).toBe(201);
        expect(accepted.json().price).toBe(40 * 31);
        const declined = await call(t.app, asker, "POST", `/api/quotes/${second}/decline`, {});
        expect(declined.statusCode, declined.body).toBe(200);
      });
    },
  );
}

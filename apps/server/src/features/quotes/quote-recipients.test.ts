// Issue 51, finding 3: without SALES_EMAIL a quote request was mailed to nobody while the visitor read
// "Your request has reached our sales team". The admins get it then; the menu counts the open ones.
import { quotes } from "@toolshop/db/schema";
import { testDatabaseTargets } from "@toolshop/db/test-support";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, type SignedInCustomer, signedInCustomer } from "../../testing/api-client";
import { allOutboxMails, outboxMails } from "../../testing/identity-client";
import { createTestApp, type TestApp } from "../../testing/test-app";

const OWNER = "owner.from.env@example.com";

for (const target of testDatabaseTargets()) {
  describe.skipIf(target.skip)(`quote requests without SALES_EMAIL ${target.title}`, () => {
    let t: TestApp;
    let admin: SignedInCustomer;
    let customer: SignedInCustomer;
    beforeAll(async () => {
      t = await createTestApp(target.options, { env: { ADMIN_EMAILS: OWNER } });
      admin = await signedInCustomer(t, { role: "admin" });
      customer = await signedInCustomer(t);
    });
    afterAll(async () => {
      await t?.close();
    });

    const send = (email: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/quotes",
        payload: { name: "Carla", email, message: "200 screwdrivers, please." },
        remoteAddress: `198.51.100.${Math.floor(Math.random() * 250) + 1}`,
      });

    it("mails the request to every admin and to the ADMIN_EMAILS addresses, and to no customer", async () => {
      const response = await send("carla@example.com");
      expect(response.statusCode, response.body).toBe(201);
      for (const to of [admin.email, OWNER]) {
        const [mail = ""] = await outboxMails(t.dataDir, to);
        expect(mail).toMatch(/^Subject: Quote request from Carla/m);
        expect(mail).toContain("200 screwdrivers, please.");
      }
      const mails = await allOutboxMails(t.dataDir);
      expect(mails.filter((mail) => mail.includes(customer.email))).toEqual([]);
    });

    it("counts the requests not handled yet for the dashboard's menu (admins only)", async () => {
      await t.database.db.delete(quotes);
      const count = async () => (await call(t.app, admin, "GET", "/api/quotes/open-count")).json();
      expect(await count()).toEqual({ count: 0, more: false });
      const ids: string[] = [];
      for (const n of [1, 2, 3]) ids.push((await send(`visitor${n}@example.com`)).json()._id);
      expect(await count()).toEqual({ count: 3, more: false });
      await call(t.app, admin, "PATCH", `/api/quotes/${ids[0]}`, { handled: true });
      expect(await count()).toEqual({ count: 2, more: false });
      await t.database.db.insert(quotes).values(
        Array.from({ length: 120 }, (_, i) => ({
          name: "Bulk",
          email: `bulk${i}@example.com`,
          message: "x",
        })),
      );
      expect(await count()).toEqual({ count: 99, more: true });
      expect((await call(t.app, customer, "GET", "/api/quotes/open-count")).statusCode).toBe(403);
      expect((await call(t.app, undefined, "GET", "/api/quotes/open-count")).statusCode).toBe(401);
    });
  });
}

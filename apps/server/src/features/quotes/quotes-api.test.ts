// POST /api/quotes (anyone, rate limited, mailed to SALES_EMAIL) and the admins' list with "handled".
import { quotes } from "@toolshop/db/schema";
import { testDatabaseTargets } from "@toolshop/db/test-support";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, type SignedInCustomer, signedInCustomer } from "../../testing/api-client";
import { outboxMails } from "../../testing/identity-client";
import { createTestApp, type TestApp } from "../../testing/test-app";

const SALES = "sales.team@example.com";

for (const target of testDatabaseTargets()) {
  describe.skipIf(target.skip)(`quotes API ${target.title}`, () => {
    let t: TestApp;
    let admin: SignedInCustomer;
    let customer: SignedInCustomer;
    beforeAll(async () => {
      t = await createTestApp(target.options, { env: { SALES_EMAIL: SALES } });
      admin = await signedInCustomer(t, { role: "admin" });
      customer = await signedInCustomer(t);
    });
    afterAll(async () => {
      await t?.close();
    });

    let visitor = 0;
    /** A request from its own address (rate limits count per IP and per email). */
    const send = (body: object, remoteAddress = `203.0.113.${++visitor}`) =>
      t.app.inject({ method: "POST", url: "/api/quotes", payload: body, remoteAddress });

    const request = (overrides: object = {}) => ({
      name: "Bob <b>Builder</b>",
      email: `bob${Date.now()}@example.com`,
      phone: "+1 555-0199",
      company: "Builder & Sons",
      tool: "Pliers",
      quantity: 250,
      message: "We need 250 pliers by March.\n<script>alert(1)</script>",
      ...overrides,
    });

    it("stores a request and mails it to SALES_EMAIL with the visitor's text escaped", async () => {
      const body = request();
      const response = await send(body);
      expect(response.statusCode, response.body).toBe(201);
      const { _id } = response.json();
      const [row] = await t.database.db.select().from(quotes).where(eq(quotes.id, _id));
      expect(row).toMatchObject({
        name: body.name,
        email: body.email,
        company: "Builder & Sons",
        quantity: 250,
        handled: false,
      });

      const [mail = ""] = await outboxMails(t.dataDir, SALES);
      expect(mail).toMatch(/^Subject: Quote request from Bob <b>Builder<\/b> \(Builder & Sons\)/m);
      // The visitor's address is their text, so the layout breaks it up invisibly: no link in the mail.
      expect(mail).toContain(`Email: ${body.email.replace(/com$/, "")}`);
      expect(mail).not.toContain(`Email: ${body.email}`);
      expect(mail).toContain("We need 250 pliers by March.");
      expect(mail).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
      expect(mail).not.toContain("<td><script>");
    });

    it("refuses an invalid request with the shared schema's messages and stores nothing", async () => {
      const before = (await t.database.db.select().from(quotes)).length;
      const response = await send(request({ name: "", email: "not-an-email", message: "" }));
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain("Name is required");
      expect(response.json().message).toContain("Please Enter Valid Email");
      expect(response.json().message).toContain("Message is required");
      expect((await t.database.db.select().from(quotes)).length).toBe(before);
    });

    it("limits requests per email (3 a minute) and per address (5 a minute)", async () => {
      const email = `flood${Date.now()}@example.com`;
      for (let attempt = 1; attempt <= 3; attempt++) {
        expect((await send(request({ email }))).statusCode).toBe(201);
      }
      const perEmail = await send(request({ email }));
      expect(perEmail.statusCode).toBe(429);
      expect(perEmail.json().message).toBe("Too many attempts, try again in a minute");
      expect(perEmail.headers["retry-after"]).toMatch(/^\d+$/);

      const address = "198.51.100.7";
      for (let attempt = 1; attempt <= 5; attempt++) {
        const ok = await send(request({ email: `ip${attempt}-${Date.now()}@example.com` }), address);
        expect(ok.statusCode).toBe(201);
      }
      const perAddress = await send(request({ email: `ip6-${Date.now()}@example.com` }), address);
      expect(perAddress.statusCode).toBe(429);
      const stored = await t.database.db.select().from(quotes).where(eq(quotes.email, email));
      expect(stored).toHaveLength(3);
    });

    it("refuses the list and mark-handled without a token (401) and for a customer (403)", async () => {
      const [row] = await t.database.db.select().from(quotes).limit(1);
      const id = row?.id ?? "";
      for (const [method, url, body] of [
        ["GET", "/api/quotes", undefined],
        ["PATCH", `/api/quotes/${id}`, { handled: true }],
      ] as const) {
        expect((await call(t.app, undefined, method, url, body)).statusCode, `${method} ${url}`).toBe(401);
        expect((await call(t.app, customer, method, url, body)).statusCode, `${method} ${url}`).toBe(403);
      }
      const [after] = await t.database.db.select().from(quotes).where(eq(quotes.id, id));
      expect(after?.handled).toBe(false);
    });

    it("lists requests newest first for an admin, who marks one handled and open again", async () => {
      const newest = await send(
        request({ name: "Newest Visitor", email: `newest${Date.now()}@example.com` }),
      );
      const { _id } = newest.json();
      const list = await call(t.app, admin, "GET", "/api/quotes");
      expect(list.statusCode).toBe(200);
      expect(list.json()[0]).toMatchObject({ _id, name: "Newest Visitor", handled: false, tool: "Pliers" });

      const handled = await call(t.app, admin, "PATCH", `/api/quotes/${_id}`, { handled: true });
      expect(handled.statusCode, handled.body).toBe(200);
      expect(handled.json()).toMatchObject({ _id, handled: true });
      const [row] = await t.database.db.select().from(quotes).where(eq(quotes.id, _id));
      expect(row?.handled).toBe(true);

      const reopened = await call(t.app, admin, "PATCH", `/api/quotes/${_id}`, { handled: false });
      expect(reopened.json().handled).toBe(false);

      const missing = await call(t.app, admin, "PATCH", "/api/quotes/00000000-0000-4000-8000-000000000000", {
        handled: true,
      });
      expect(missing.statusCode).toBe(404);
      const bad = await call(t.app, admin, "PATCH", `/api/quotes/${_id}`, { handled: "yes" });
      expect(bad.statusCode).toBe(400);
    });
  });
}

// GET /api/user and PUT /api/user/admin/:email: admins only, and a promotion is real on the server.
import { users } from "@toolshop/db/schema";
import { testDatabaseTargets } from "@toolshop/db/test-support";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, type SignedInCustomer, signedInCustomer } from "../../testing/api-client";
import { IdentityClient, uniqueEmail } from "../../testing/identity-client";
import { createTestApp, type TestApp } from "../../testing/test-app";

for (const target of testDatabaseTargets()) {
  describe.skipIf(target.skip)(`users API ${target.title}`, () => {
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

    const adminCalls = () =>
      [
        ["GET", "/api/user"],
        ["PUT", `/api/user/admin/${encodeURIComponent(customer.email)}`],
      ] as const;

    it("refuses every admin call without a token (401) and for a customer (403)", async () => {
      for (const [method, url] of adminCalls()) {
        const anonymous = await call(t.app, undefined, method, url);
        expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
        expect(anonymous.json().message).toBe("Please sign in to continue.");

        const refused = await call(t.app, customer, method, url);
        expect(refused.statusCode, `${method} ${url}`).toBe(403);
        expect(refused.json()).toMatchObject({ statusCode: 403, error: "Forbidden" });
      }
      const [row] = await t.database.db.select().from(users).where(eq(users.id, customer.id));
      expect(row?.role).toBe("user");
    });

    it("lists every user with email and role for an admin", async () => {
      const response = await call(t.app, admin, "GET", "/api/user");
      expect(response.statusCode).toBe(200);
      const list = response.json() as { _id: string; email: string; role: string }[];
      expect(list).toEqual(
        expect.arrayContaining([
          { _id: admin.id, email: admin.email, role: "admin" },
          { _id: customer.id, email: customer.email, role: "user" },
        ]),
      );
    });

    it("promotes a customer once (modifiedCount 1, then 0) and answers 404 for an unknown email", async () => {
      const promoted = await signedInCustomer(t);
      const url = `/api/user/admin/${encodeURIComponent(promoted.email.toUpperCase())}`;
      const first = await call(t.app, admin, "PUT", url);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toEqual({ modifiedCount: 1 });
      const again = await call(t.app, admin, "PUT", url);
      expect(again.json()).toEqual({ modifiedCount: 0 });

      const unknown = await call(t.app, admin, "PUT", "/api/user/admin/nobody%40example.com");
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe("There is no user with this email.");
    });

    it("makes the promoted user an admin on the server at once, with the token they already hold", async () => {
      const email = uniqueEmail("promoted");
      const client = new IdentityClient(t.app);
      await client.signUp({ name: "Promoted", email, password: "hammer2024" });
      const token = await client.accessToken(email);
      const asThem = { authorization: `Bearer ${token}` };

      const before = await t.app.inject({ method: "GET", url: "/api/user", headers: asThem });
      expect(before.statusCode).toBe(403);
      const status = await t.app.inject({ method: "GET", url: `/api/admin/${email}`, headers: asThem });
      expect(status.json()).toEqual({ admin: false });

      await call(t.app, admin, "PUT", `/api/user/admin/${encodeURIComponent(email)}`);

      // Same token: the role is read from the database on every admin call, not from the token.
      const after = await t.app.inject({ method: "GET", url: "/api/user", headers: asThem });
      expect(after.statusCode).toBe(200);
      const statusAfter = await t.app.inject({ method: "GET", url: `/api/admin/${email}`, headers: asThem });
      expect(statusAfter.json()).toEqual({ admin: true });
      // Signing in again (a token refresh) keeps the role: the upsert never lowers it.
      await client.accessToken(email);
      const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
      expect(row?.role).toBe("admin");
    });
  });
}

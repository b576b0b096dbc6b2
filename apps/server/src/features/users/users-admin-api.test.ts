// The admin role both ways, and the paged, searchable user list, on PGlite and PostgreSQL.
import { users } from "@toolshop/db/schema";
import { testDatabaseTargets } from "@toolshop/db/test-support";
import { NEXT_CURSOR_HEADER } from "@toolshop/shared/paths";
import { CANNOT_REVOKE_LAST_ADMIN, CANNOT_REVOKE_OWN_ADMIN } from "@toolshop/shared/users";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, type SignedInCustomer, signedInCustomer } from "../../testing/api-client";
import { createTestApp, type TestApp } from "../../testing/test-app";

for (const target of testDatabaseTargets()) {
  describe.skipIf(target.skip)(`admin rights and the user list ${target.title}`, () => {
    let t: TestApp;
    let admin: SignedInCustomer;
    beforeAll(async () => {
      t = await createTestApp(target.options);
      admin = await signedInCustomer(t, { role: "admin" });
    });
    afterAll(async () => {
      await t?.close();
    });

    const roleOf = async (id: string) =>
      (await t.database.db.select({ role: users.role }).from(users).where(eq(users.id, id)))[0]?.role;
    const revoke = (who: SignedInCustomer | undefined, email: string) =>
      call(t.app, who, "DELETE", `/api/user/admin/${encodeURIComponent(email)}`);

    it("revokes another admin once (modifiedCount 1, then 0); 401/403 before anything else", async () => {
      const other = await signedInCustomer(t, { role: "admin" });
      const customer = await signedInCustomer(t);
      expect((await revoke(undefined, other.email)).statusCode).toBe(401);
      expect((await revoke(customer, other.email)).statusCode).toBe(403);
      expect(await roleOf(other.id)).toBe("admin");

      const first = await revoke(admin, other.email.toUpperCase());
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toEqual({ modifiedCount: 1 });
      expect(await roleOf(other.id)).toBe("user");
      expect((await revoke(admin, other.email)).json()).toEqual({ modifiedCount: 0 });
      expect((await revoke(admin, "nobody@example.com")).statusCode).toBe(404);
      // The revoked admin loses admin calls at once.
      expect((await call(t.app, other, "GET", "/api/user")).statusCode).toBe(403);
    });

    it("never revokes yourself (403) or the last admin (409), with a sentence", async () => {
      const own = await revoke(admin, admin.email);
      expect(own.statusCode).toBe(403);
      expect(own.json().message).toBe(CANNOT_REVOKE_OWN_ADMIN);

      // Two admins revoking each other at once: one wins, the other is the last admin.
      const other = await signedInCustomer(t, { role: "admin" });
      await t.database.db.update(users).set({ role: "user" }).where(eq(users.role, "admin"));
      await t.database.db.update(users).set({ role: "admin" }).where(eq(users.id, admin.id));
      await t.database.db.update(users).set({ role: "admin" }).where(eq(users.id, other.id));
      const answers = await Promise.all([revoke(admin, other.email), revoke(other, admin.email)]);
      expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
      const admins = await t.database.db.select().from(users).where(eq(users.role, "admin"));
      expect(admins).toHaveLength(1);
      // The loser is no admin any more (403), or passed the admin check before the winner's commit and
      // the locked re-count refuses it (409): either way the shop keeps one admin.
      const refused = answers.find((answer) => answer.statusCode !== 200);
      if (refused?.statusCode === 409) expect(refused.json().message).toBe(CANNOT_REVOKE_LAST_ADMIN);
      else expect(refused?.statusCode).toBe(403);
      await t.database.db.update(users).set({ role: "admin" }).where(eq(users.id, admin.id));
    });

    it("pages by keyset with the cursor in a header, searches by email prefix and filters by role", async () => {
      const prefix = `pager${Date.now()}`;
      for (let i = 0; i < 5; i++) {
        await t.database.db
          .insert(users)
          .values({ email: `${prefix}-${i}@example.com`, role: i === 2 ? "admin" : "user" });
      }
      const seen: string[] = [];
      let cursor: string | undefined;
      do {
        const query = `q=${prefix.toUpperCase()}&limit=2${cursor ? `&cursor=${cursor}` : ""}`;
        const page = await call(t.app, admin, "GET", `/api/user?${query}`);
        expect(page.statusCode, page.body).toBe(200);
        const list = page.json() as { email: string }[];
        expect(list.length).toBeLessThanOrEqual(2);
        seen.push(...list.map((user) => user.email));
        cursor = page.headers[NEXT_CURSOR_HEADER] as string | undefined;
      } while (cursor);
      expect(seen).toEqual([0, 1, 2, 3, 4].map((i) => `${prefix}-${i}@example.com`));

      const admins = await call(t.app, admin, "GET", `/api/user?q=${prefix}&role=admin`);
      expect(admins.json()).toEqual([
        expect.objectContaining({ email: `${prefix}-2@example.com`, role: "admin" }),
      ]);
      // LIKE's wildcards are taken literally.
      expect((await call(t.app, admin, "GET", "/api/user?q=%25")).json()).toEqual([]);
      expect((await call(t.app, admin, "GET", "/api/user?role=boss")).statusCode).toBe(400);
    });
  });
}

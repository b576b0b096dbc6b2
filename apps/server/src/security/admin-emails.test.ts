// ADMIN_EMAILS names the owner's addresses; the admin role goes only to someone who proved the address.
import { users } from "@toolshop/db/schema";
import { testDatabaseTargets } from "@toolshop/db/test-support";
import { CANNOT_REVOKE_CONFIGURED_ADMIN } from "@toolshop/shared/users";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IdentityClient } from "../testing/identity-client";
import { createTestApp, type TestApp } from "../testing/test-app";

const OWNER = "owner@toolshop.example";

for (const target of testDatabaseTargets()) {
  describe.skipIf(target.skip)(`the admin role of ADMIN_EMAILS ${target.title}`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(target.options, { env: { ADMIN_EMAILS: OWNER } });
    });
    afterAll(async () => {
      await t?.close();
    });

    const roleOf = async (email: string) =>
      (await t.database.db.select({ role: users.role }).from(users).where(eq(users.email, email)))[0]?.role;
    const adminAnswer = async (email: string, token: string) =>
      (
        await t.app.inject({
          method: "GET",
          url: `/api/admin/${email}`,
          headers: { authorization: `Bearer ${token}` },
        })
      ).json();

    it("is not given to a sign-up that has not opened its verification link, even after many tokens", async () => {
      const claimant = new IdentityClient(t.app, "198.51.100.20");
      // The same address in another spelling is the same address.
      const response = await claimant.signUp({
        name: "Claimant",
        email: " Owner@Toolshop.example ",
        password: "take0ver",
      });
      expect(response.statusCode, response.body).toBe(200);
      for (let i = 0; i < 3; i++) {
        const token = await claimant.accessToken(OWNER);
        expect(await adminAnswer(OWNER, token)).toEqual({ admin: false });
      }
      expect(await roleOf(OWNER)).toBe("user");
      const promote = await t.app.inject({
        method: "PUT",
        url: "/api/user/admin/someone@example.com",
        headers: { authorization: `Bearer ${await claimant.accessToken(OWNER)}` },
      });
      expect(promote.statusCode).toBe(403);

      // The real owner opens the link from the mail: from then on the same session is an admin,
      // without signing up again.
      await claimant.verifyEmail(t.dataDir, OWNER);
      const token = await claimant.accessToken(OWNER);
      expect(await adminAnswer(OWNER, token)).toEqual({ admin: true });
    });

    it("is not given to addresses outside the list, verified or not", async () => {
      const email = "verified.customer@example.com";
      const client = new IdentityClient(t.app, "198.51.100.21");
      await client.signUp({ name: "Customer", email, password: "pliers2024" });
      await client.verifyEmail(t.dataDir, email);
      expect(await adminAnswer(email, await client.accessToken(email))).toEqual({ admin: false });
    });

    it("cannot be revoked while the address is in ADMIN_EMAILS: 409 with the sentence naming it", async () => {
      // The owner (an admin since the first test opened the link) makes a second admin, who tries to
      // revoke the owner: the owner's next token would make them an admin again.
      const owner = new IdentityClient(t.app, "198.51.100.22");
      expect((await owner.signIn(OWNER, "take0ver")).statusCode).toBe(200);
      const ownerToken = await owner.accessToken(OWNER);
      const second = "second.admin@example.com";
      const client = new IdentityClient(t.app, "198.51.100.23");
      await client.signUp({ name: "Second", email: second, password: "pliers2024" });
      const secondToken = await client.accessToken(second);
      const promote = await t.app.inject({
        method: "PUT",
        url: `/api/user/admin/${second}`,
        headers: { authorization: `Bearer ${ownerToken}` },
      });
      expect(promote.json()).toEqual({ modifiedCount: 1 });

      const revoke = await t.app.inject({
        method: "DELETE",
        url: `/api/user/admin/${encodeURIComponent(" Owner@Toolshop.example")}`,
        headers: { authorization: `Bearer ${secondToken}` },
      });
      expect(revoke.statusCode).toBe(409);
      expect(revoke.json().message).toBe(CANNOT_REVOKE_CONFIGURED_ADMIN);
      expect(CANNOT_REVOKE_CONFIGURED_ADMIN).toContain("ADMIN_EMAILS");
      expect(await roleOf(OWNER)).toBe("admin");
    });
  });
}

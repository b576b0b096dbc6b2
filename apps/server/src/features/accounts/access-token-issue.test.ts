// Sign-up gives an identity session; PUT /api/user/:email turns it into the API's access token.
import { users } from "@toolshop/db/schema";
import { testDatabaseTargets } from "@toolshop/db/test-support";
import { eq, sql } from "drizzle-orm";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IdentityClient, uniqueEmail } from "../../testing/identity-client";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { MADE_BEFORE_ACCOUNT_MESSAGE } from "./routes";
import { setRole } from "./service";

for (const target of testDatabaseTargets()) {
  describe.skipIf(target.skip)(`PUT /api/user/:email ${target.title}`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(target.options, { env: { ADMIN_EMAILS: "boss@example.com" } });
    });
    afterAll(async () => {
      await t?.close();
    });

    async function signedUp(email: string, name = "Ada Lovelace") {
      const client = new IdentityClient(t.app);
      const response = await client.signUp({ name, email, password: "engine1843" });
      expect(response.statusCode, response.body).toBe(200);
      expect(client.hasSession).toBe(true);
      return client;
    }

    async function shopUser(email: string) {
      const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
      return row;
    }

    it("issues a one-hour token to the holder of a session for that email, and creates the shop user", async () => {
      const email = uniqueEmail("ada");
      const client = await signedUp(email);

      // The email in the path is matched without regard to case.
      const response = await client.request("PUT", `/api/user/${email.toUpperCase()}`);
      expect(response.statusCode, response.body).toBe(200);
      const claims = decodeJwt(response.json().accessToken);
      expect(claims).toMatchObject({ email, iss: "toolshop", aud: "toolshop-api" });
      expect(Number(claims.exp) - Number(claims.iat)).toBe(3600);

      expect(await shopUser(email)).toMatchObject({
        id: claims.sub,
        role: "user",
        displayName: "Ada Lovelace",
      });
    });

    it("answers 401 without a session", async () => {
      const client = new IdentityClient(t.app);
      const response = await client.request("PUT", "/api/user/nobody@example.com");
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        statusCode: 401,
        error: "Unauthorized",
        message: "Please sign in first: there is no sign-in session.",
      });
      expect(await shopUser("nobody@example.com")).toBeUndefined();
    });

    it("answers 403 to a session for another email", async () => {
      const client = await signedUp(uniqueEmail("mallory"));
      const victim = uniqueEmail("victim");
      const response = await client.request("PUT", `/api/user/${victim}`);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ statusCode: 403, error: "Forbidden" });
      expect(await shopUser(victim)).toBeUndefined();
    });

    it("answers 401 once the user signed out", async () => {
      const email = uniqueEmail("leaver");
      const client = await signedUp(email);
      const signOut = await client.request("POST", "/api/auth/sign-out", {});
      expect(signOut.statusCode, signOut.body).toBe(200);
      const response = await client.request("PUT", `/api/user/${email}`);
      expect(response.statusCode).toBe(401);
    });

    it("makes ADMIN_EMAILS users admins once they proved the address, and never lowers a role", async () => {
      const boss = await signedUp("boss@example.com", "The Boss");
      await boss.accessToken("boss@example.com");
      expect((await shopUser("boss@example.com"))?.role).toBe("user");
      await boss.verifyEmail(t.dataDir, "boss@example.com");
      await boss.accessToken("boss@example.com");
      expect((await shopUser("boss@example.com"))?.role).toBe("admin");

      const email = uniqueEmail("promoted");
      const client = await signedUp(email);
      await client.accessToken(email);
      await setRole(t.database.db, email, "admin");
      await client.accessToken(email);
      expect((await shopUser(email))?.role).toBe("admin");
    });

    it("hands a role granted before the address had an account only to an account that proved it", async () => {
      const email = uniqueEmail("granted-early");
      await setRole(t.database.db, email, "admin");
      // The grant came well before anyone signed up with the address.
      await t.database.db
        .update(users)
        .set({ createdAt: sql`now() - interval '1 hour'` })
        .where(eq(users.email, email));
      const stranger = await signedUp(email, "Not The Owner");
      const refused = await stranger.request("PUT", `/api/user/${email}`);
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json().message).toBe(MADE_BEFORE_ACCOUNT_MESSAGE);

      await stranger.verifyEmail(t.dataDir, email);
      const token = await stranger.accessToken(email);
      expect(decodeJwt(token).sub).toBe((await shopUser(email))?.id);
      expect((await shopUser(email))?.role).toBe("admin");
    });

    it("keeps the profile's display name once the user has one", async () => {
      const email = uniqueEmail("renamed");
      const client = await signedUp(email, "First Name");
      await client.accessToken(email);
      await t.database.db.update(users).set({ displayName: "Chosen Name" }).where(eq(users.email, email));
      await client.accessToken(email);
      expect((await shopUser(email))?.displayName).toBe("Chosen Name");
    });
  });
}

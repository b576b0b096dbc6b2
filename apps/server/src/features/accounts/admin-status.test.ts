// GET /api/admin/:email and the bearer-token guards: every kind of bad token is refused.
import { users } from "@toolshop/db/schema";
import { testDatabaseTargets } from "@toolshop/db/test-support";
import { eq } from "drizzle-orm";
import { base64url, decodeJwt, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IdentityClient, uniqueEmail } from "../../testing/identity-client";
import { createTestApp, type TestApp } from "../../testing/test-app";

for (const target of testDatabaseTargets()) {
  describe.skipIf(target.skip)(`GET /api/admin/:email ${target.title}`, () => {
    let t: TestApp;
    let email: string;
    let token: string;

    beforeAll(async () => {
      t = await createTestApp(target.options, { env: { ADMIN_EMAILS: "chief@example.com" } });
      // A route only this suite has, to see requireAdmin at work.
      t.app.get("/api/test/admin-only", { preHandler: t.app.requireAdmin }, () => ({ ok: true }));

      email = uniqueEmail("customer");
      const client = new IdentityClient(t.app);
      await client.signUp({ name: "Customer", email, password: "hammer2024" });
      token = await client.accessToken(email);
    });
    afterAll(async () => {
      await t?.close();
    });

    const askAdmin = (who: string, authorization?: string) =>
      t.app.inject({
        method: "GET",
        url: `/api/admin/${encodeURIComponent(who)}`,
        headers: authorization ? { authorization } : {},
      });

    /** A token like ours in every way but the one the test changes. */
    function forged(claims: Record<string, unknown>, key: string, expiresIn = "1h") {
      return new SignJWT({ email, ...claims })
        .setProtectedHeader({ alg: "HS256" })
        .setSubject(String(decodeJwt(token).sub))
        .setIssuer("toolshop")
        .setAudience("toolshop-api")
        .setIssuedAt()
        .setExpirationTime(expiresIn)
        .sign(new TextEncoder().encode(key));
    }

    it("answers {admin: false} to a customer with a valid token", async () => {
      const response = await askAdmin(email, `Bearer ${token}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ admin: false });
    });

    it("answers {admin: true} to a user listed in ADMIN_EMAILS", async () => {
      const client = new IdentityClient(t.app);
      await client.signUp({ name: "Chief", email: "chief@example.com", password: "pliers2024" });
      await client.verifyEmail(t.dataDir, "chief@example.com");
      const chiefToken = await client.accessToken("chief@example.com");
      const response = await askAdmin("chief@example.com", `Bearer ${chiefToken}`);
      expect(response.json()).toEqual({ admin: true });
    });

    it("refuses a request without a token with 401", async () => {
      const response = await askAdmin(email);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        statusCode: 401,
        error: "Unauthorized",
        message: "Please sign in to continue.",
      });
    });

    it("refuses malformed, forged, unsigned and expired tokens with 401", async () => {
      const [header, payload] = token.split(".");
      const unsignedHeader = base64url.encode(JSON.stringify({ alg: "none", typ: "JWT" }));
      const cases = {
        "not a JWT": "Bearer not-a-token",
        "another scheme": `Basic ${token}`,
        truncated: `Bearer ${header}.${payload}`,
        "wrong signature": `Bearer ${await forged({}, "another-secret-that-is-32-characters-long")}`,
        "alg none": `Bearer ${unsignedHeader}.${payload}.`,
        "alg none, signature kept": `Bearer ${unsignedHeader}.${payload}.${token.split(".")[2]}`,
        expired: `Bearer ${await forged({}, "test-secret-that-is-at-least-32-characters", "-1s")}`,
      };
      for (const [name, authorization] of Object.entries(cases)) {
        const response = await askAdmin(email, authorization);
        expect(response.statusCode, name).toBe(401);
        expect(response.json().message, name).toMatch(/sign in/i);
      }
    });

    it("refuses a token signed with the raw auth secret (the key is derived from it)", async () => {
      const response = await askAdmin(
        email,
        `Bearer ${await forged({}, "test-secret-that-is-at-least-32-characters")}`,
      );
      expect(response.statusCode).toBe(401);
    });

    it("answers 403 when a user asks about another user's email", async () => {
      const response = await askAdmin("chief@example.com", `Bearer ${token}`);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ statusCode: 403, error: "Forbidden" });
    });

    it("lets requireAdmin pass admins only, reading the role at each request", async () => {
      const call = () =>
        t.app.inject({
          method: "GET",
          url: "/api/test/admin-only",
          headers: { authorization: `Bearer ${token}` },
        });
      expect((await call()).statusCode).toBe(403);
      expect((await call()).json().message).toBe("Only an admin can do this.");

      await t.database.db.update(users).set({ role: "admin" }).where(eq(users.email, email));
      expect((await call()).statusCode).toBe(200);
      expect((await askAdmin(email, `Bearer ${token}`)).json()).toEqual({ admin: true });

      await t.database.db.update(users).set({ role: "user" }).where(eq(users.email, email));
      expect((await call()).statusCode).toBe(403);
    });
  });
}

// Sign-up does not tell who has an account: an address that has one is answered exactly as a new one
// (status, body shape, no session either way; Better Auth hashes the password either way, so the time
// is alike too: tests assert no times), and its owner gets a mail instead of the stranger getting a 422.
import { testDatabaseTargets } from "@toolshop/db/test-support";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IdentityClient, linkIn, outboxMails, TEST_ORIGIN, uniqueEmail } from "../testing/identity-client";
import { createTestApp, type TestApp } from "../testing/test-app";

/** The answer with every value replaced by its type: what a stranger can compare. */
function shapeOf(value: unknown): unknown {
  if (value === null) return "null";
  if (Array.isArray(value)) return value.map(shapeOf);
  if (typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, inner]) => [key, shapeOf(inner)]),
    );
  }
  return typeof value;
}

for (const target of testDatabaseTargets()) {
  describe.skipIf(target.skip)(`sign-up of an address that has an account ${target.title}`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(target.options);
    });
    afterAll(async () => {
      await t?.close();
    });

    let lastIp = 30;
    /** A bare sign-up from a fresh address (no sign-in after it). */
    const signUpOnly = async (body: { name: string; email: string; password: string }) => {
      const stranger = new IdentityClient(t.app, `198.51.100.${lastIp++}`);
      const response = await stranger.request("POST", "/api/auth/sign-up/email", body);
      return { response, stranger };
    };
    const compare = (response: LightMyRequestResponse) => ({
      status: response.statusCode,
      shape: shapeOf(response.json()),
      cookies: response.headers["set-cookie"] ?? null,
    });

    it("answers as for a new address, signs no one in, and mails the owner with a link to sign in", async () => {
      const email = uniqueEmail("has-an-account");
      const fresh = await signUpOnly({ name: "First Owner", email, password: "Pliers2024" });
      const again = await signUpOnly({ name: "Somebody Else", email, password: "Other2024" });

      expect(fresh.response.statusCode, fresh.response.body).toBe(200);
      expect(compare(again.response)).toEqual(compare(fresh.response));
      expect(again.response.json()).toMatchObject({ token: null, user: { email, name: "Somebody Else" } });
      // Neither answer signed anyone in.
      expect(fresh.response.headers["set-cookie"]).toBeUndefined();
      for (const { stranger } of [fresh, again]) {
        expect((await stranger.request("GET", "/api/auth/get-session")).json()).toBeNull();
      }

      // The first mail is the sign-up's verification mail, the second the note to the owner.
      const [, note = ""] = await outboxMails(t.dataDir, email, 2);
      expect(note).toContain("Subject: Someone tried to sign up to Toolshop with your address");
      expect(note).toContain("Hello First Owner,");
      expect(linkIn(note, "/login")).toBe(`${TEST_ORIGIN}/login`);

      // The account and its password stay as they were.
      const owner = new IdentityClient(t.app, "203.0.113.30");
      expect((await owner.signIn(email, "Other2024")).statusCode).toBe(401);
      expect((await owner.signIn(email, "Pliers2024")).statusCode).toBe(200);
    });
  });
}

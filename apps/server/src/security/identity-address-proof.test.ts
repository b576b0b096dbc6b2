// Proving an address never hands its account to whoever registered it (issue 47, finding 1). A
// stranger signs up with the owner's address (in ADMIN_EMAILS) and keeps the session and an API token.
// The owner's verification link, opened outside that session, verifies nothing until the owner sets a
// new password; then the stranger's password, sessions and tokens are gone and the owner is the admin.
// A provider that vouches for the address takes the account over the same way. Opened in the session
// that signed up, the link simply verifies.
import { testDatabaseTargets } from "@toolshop/db/test-support";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IdentityClient, linkIn, outboxMails, uniqueEmail } from "../testing/identity-client";
import { type OidcProvider, popupSignIn, startOidcProvider } from "../testing/oidc-provider";
import { createTestApp, type TestApp } from "../testing/test-app";

const OWNER = "owner@toolshop.example";
const PROVIDER_OWNER = "provider.owner@toolshop.example";
const STRANGER_PASSWORD = "Stranger2024";

const ordersWith = (app: FastifyInstance, email: string, token: string) =>
  app.inject({ method: "GET", url: `/api/orders/${email}`, headers: { authorization: `Bearer ${token}` } });

for (const target of testDatabaseTargets()) {
  describe.skipIf(target.skip)(`proof of an address someone else registered ${target.title}`, () => {
    let t: TestApp;
    let google: OidcProvider;
    beforeAll(async () => {
      google = await startOidcProvider();
      t = await createTestApp(target.options, {
        env: {
          ADMIN_EMAILS: `${OWNER},${PROVIDER_OWNER}`,
          GOOGLE_CLIENT_ID: "toolshop-google",
          GOOGLE_CLIENT_SECRET: "google-secret",
          GOOGLE_ISSUER_URL: google.issuerUrl,
        },
      });
    });
    afterAll(async () => {
      await t?.close();
      await google?.server.stop();
    });

    const sessionUser = async (client: IdentityClient) =>
      (await client.request("GET", "/api/auth/get-session")).json()?.user ?? null;
    const isAdmin = async (client: IdentityClient, email: string) => {
      const token = await client.accessToken(email);
      const answer = await t.app.inject({
        method: "GET",
        url: `/api/admin/${email}`,
        headers: { authorization: `Bearer ${token}` },
      });
      return answer.json().admin;
    };
    /** A stranger signs up with `email` and keeps the session and an API token. */
    const strangerRegisters = async (email: string, ip: string) => {
      const stranger = new IdentityClient(t.app, ip);
      const signUp = await stranger.signUp({ name: "Not The Owner", email, password: STRANGER_PASSWORD });
      expect(signUp.statusCode, signUp.body).toBe(200);
      expect(await sessionUser(stranger)).toMatchObject({ email, emailVerified: false });
      return { stranger, token: await stranger.accessToken(email) };
    };
    const verificationLink = async (email: string) => {
      const [mail = ""] = await outboxMails(t.dataDir, email);
      return new URL(linkIn(mail, "/api/auth/verify-email?token="));
    };

    it("asks the owner who opens the link elsewhere for a new password, then ends the stranger's access", async () => {
      const { stranger, token: strangerToken } = await strangerRegisters(OWNER, "198.51.100.40");
      const link = await verificationLink(OWNER);
      const owner = new IdentityClient(t.app, "203.0.113.40");

      // Opening the link verifies nothing yet: it lands on the page that asks for a new password.
      const opened = await owner.request("GET", link.pathname + link.search);
      expect(opened.statusCode).toBe(302);
      const landing = new URL(String(opened.headers.location));
      expect(landing.pathname).toBe("/verify-email");
      const linkToken = landing.searchParams.get("token") ?? "";
      expect(linkToken).toBe(link.searchParams.get("token"));
      const fromPage = await owner.request(
        "GET",
        `/api/auth/verify-email?token=${encodeURIComponent(linkToken)}`,
      );
      expect(fromPage.statusCode).toBe(403);
      expect(fromPage.json()).toMatchObject({ code: "NEW_PASSWORD_REQUIRED" });
      expect(owner.hasSession).toBe(false);
      expect(await sessionUser(stranger)).toMatchObject({ email: OWNER, emailVerified: false });

      // The new password follows the sign-up rule; a refused one changes nothing.
      const weak = await owner.request("POST", "/api/auth/verify-email/new-password", {
        token: linkToken,
        newPassword: "lettersonly",
      });
      expect(weak.statusCode).toBe(400);
      expect(weak.json().message).toBe("1 capital letter 1number");
      expect(await sessionUser(stranger)).toMatchObject({ email: OWNER });

      const claimed = await owner.request("POST", "/api/auth/verify-email/new-password", {
        token: linkToken,
        newPassword: "Owner2025",
      });
      expect(claimed.statusCode, claimed.body).toBe(200);
      expect(await sessionUser(owner)).toMatchObject({ email: OWNER, emailVerified: true });

      // The stranger's session, token and password are gone; the owner is the admin.
      expect(await sessionUser(stranger)).toBeNull();
      expect((await ordersWith(t.app, OWNER, strangerToken)).statusCode).toBe(401);
      expect(
        (await new IdentityClient(t.app, "198.51.100.41").signIn(OWNER, STRANGER_PASSWORD)).statusCode,
      ).toBe(401);
      expect(await isAdmin(owner, OWNER)).toBe(true);
      expect((await new IdentityClient(t.app, "203.0.113.41").signIn(OWNER, "Owner2025")).statusCode).toBe(
        200,
      );

      // The link is used up: it sets no other password.
      const again = await new IdentityClient(t.app, "198.51.100.42").request(
        "POST",
        "/api/auth/verify-email/new-password",
        { token: linkToken, newPassword: "Again2025" },
      );
      expect(again.statusCode).toBe(400);
    });

    it("simply verifies when opened in the session that signed up: the session and password stay", async () => {
      const email = uniqueEmail("own-link");
      const registrant = new IdentityClient(t.app, "198.51.100.43");
      await registrant.signUp({ name: "Registrant", email, password: "Pliers2024" });
      const token = await registrant.accessToken(email);
      await registrant.verifyEmail(t.dataDir, email);
      expect(await sessionUser(registrant)).toMatchObject({ email, emailVerified: true });
      expect((await ordersWith(t.app, email, token)).statusCode).toBe(200);
      expect((await new IdentityClient(t.app, "198.51.100.44").signIn(email, "Pliers2024")).statusCode).toBe(
        200,
      );
    });

    it("lets a provider that vouches for the address take the account over: the old password and sessions end", async () => {
      const { stranger, token: strangerToken } = await strangerRegisters(PROVIDER_OWNER, "198.51.100.45");
      Object.assign(google.person, {
        sub: "google-provider-owner",
        email: PROVIDER_OWNER,
        name: "Provider Owner",
        emailVerified: true,
      });
      const owner = new IdentityClient(t.app, "203.0.113.45");
      const landing = await popupSignIn(owner, "google");
      expect(landing.headers.location).toBe("/auth/popup-complete");
      expect(await sessionUser(owner)).toMatchObject({ email: PROVIDER_OWNER, emailVerified: true });

      expect(await sessionUser(stranger)).toBeNull();
      expect((await ordersWith(t.app, PROVIDER_OWNER, strangerToken)).statusCode).toBe(401);
      expect(
        (await new IdentityClient(t.app, "198.51.100.46").signIn(PROVIDER_OWNER, STRANGER_PASSWORD))
          .statusCode,
      ).toBe(401);
      expect(await isAdmin(owner, PROVIDER_OWNER)).toBe(true);
    });
  });
}

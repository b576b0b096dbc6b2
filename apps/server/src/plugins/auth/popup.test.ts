// Popup sign-in: the real authorization-code flow against oauth2-mock-server, followed by hand:
// our start route -> the provider's authorize endpoint -> Better Auth's callback -> the popup page.
import { testDatabaseTargets } from "@toolshop/db/test-support";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IdentityClient, TEST_ORIGIN, uniqueEmail } from "../../testing/identity-client";
import {
  type OidcProvider as Provider,
  popupSignIn,
  startOidcProvider as startProvider,
} from "../../testing/oidc-provider";
import { createTestApp, type TestApp } from "../../testing/test-app";

for (const target of testDatabaseTargets()) {
  describe.skipIf(target.skip)(`popup sign-in ${target.title}`, () => {
    let google: Provider;
    let github: Provider;
    let t: TestApp;

    beforeAll(async () => {
      [google, github] = await Promise.all([startProvider(), startProvider()]);
      t = await createTestApp(target.options, {
        env: {
          GOOGLE_CLIENT_ID: "toolshop-google",
          GOOGLE_CLIENT_SECRET: "google-secret",
          GOOGLE_ISSUER_URL: google.issuerUrl,
          GITHUB_CLIENT_ID: "toolshop-github",
          GITHUB_CLIENT_SECRET: "github-secret",
          GITHUB_ISSUER_URL: github.issuerUrl,
          ADMIN_EMAILS: "unproven.owner@example.com,proven.owner@example.com",
        },
      });
    });
    afterAll(async () => {
      await t?.close();
      await Promise.all([google?.server.stop(), github?.server.stop()]);
    });

    it("says that both providers are configured", async () => {
      const response = await t.app.inject({ method: "GET", url: "/api/auth-providers" });
      expect(response.json()).toEqual({ google: true, github: true });
    });

    for (const name of ["google", "github"] as const) {
      it(`signs a new user in with ${name} and issues a token for the provider's email`, async () => {
        const provider = name === "google" ? google : github;
        const email = uniqueEmail(`${name}-user`);
        Object.assign(provider.person, { sub: `${name}-${email}`, email, name: `${name} person` });

        const client = new IdentityClient(t.app);
        const landing = await popupSignIn(client, name);
        expect(landing.statusCode).toBe(302);
        expect(landing.headers.location).toBe("/auth/popup-complete");
        expect(client.hasSession).toBe(true);

        const session = await client.request("GET", "/api/auth/get-session");
        expect(session.json().user).toMatchObject({ email, name: `${name} person` });
        expect(decodeJwt(await client.accessToken(email)).email).toBe(email);

        // Signing in again finds the same identity user.
        const again = new IdentityClient(t.app);
        await popupSignIn(again, name);
        const second = await again.request("GET", "/api/auth/get-session");
        expect(second.json().user.id).toBe(session.json().user.id);
      });
    }

    it("gives the admin role of ADMIN_EMAILS only when the provider vouches for the address", async () => {
      const adminAnswer = async (client: IdentityClient, email: string) => {
        const token = await client.accessToken(email);
        const answer = await t.app.inject({
          method: "GET",
          url: `/api/admin/${email}`,
          headers: { authorization: `Bearer ${token}` },
        });
        return answer.json();
      };
      for (const [email, emailVerified] of [
        ["unproven.owner@example.com", false],
        ["proven.owner@example.com", true],
      ] as const) {
        Object.assign(google.person, { sub: `google-${email}`, email, name: "Owner?", emailVerified });
        const client = new IdentityClient(t.app);
        expect((await popupSignIn(client, "google")).statusCode).toBe(302);
        expect(await adminAnswer(client, email)).toEqual({ admin: emailVerified });
      }
      google.person.emailVerified = true;
    });

    it("sends a sign-in the user cancelled at the provider back to the popup page with the error", async () => {
      google.server.service.once("beforeAuthorizeRedirect", ({ url }) => {
        url.searchParams.delete("code");
        url.searchParams.set("error", "access_denied");
      });
      const client = new IdentityClient(t.app);
      const landing = await popupSignIn(client, "google");
      expect(landing.statusCode).toBe(302);
      expect(landing.headers.location).toBe("/auth/popup-complete?error=access_denied");
      expect(client.hasSession).toBe(false);
    });

    it("refuses a callback that does not belong to this browser's sign-in", async () => {
      const client = new IdentityClient(t.app);
      const start = await client.request("GET", "/api/auth-popup/google");
      const atProvider = await fetch(String(start.headers.location), { redirect: "manual" });
      const callback = new URL(String(atProvider.headers.get("location")));

      // Another browser (without the state cookie) brings the code back.
      const stranger = new IdentityClient(t.app);
      const landing = await stranger.request("GET", callback.pathname + callback.search);
      expect(landing.statusCode).toBe(302);
      expect(landing.headers.location).toBe("/auth/popup-complete?error=state_mismatch");
      expect(stranger.hasSession).toBe(false);
    });

    it("only lands on paths of this site", async () => {
      for (const callbackURL of ["//evil.example/x", "https://evil.example/", "javascript:alert(1)"]) {
        const response = await t.app.inject({
          method: "GET",
          url: `/api/auth-popup/google?callbackURL=${encodeURIComponent(callbackURL)}`,
        });
        expect(response.statusCode, callbackURL).toBe(400);
      }
      const unknown = await t.app.inject({ method: "GET", url: "/api/auth-popup/myspace" });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ statusCode: 404, error: "Not Found" });
    });
  });
}

describe("popup sign-in without provider settings", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(
      { kind: "pglite" },
      { webBuild: { "index.html": '<!doctype html><div id="root"></div>' } },
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  it("lets the popup keep its opener: no opener isolation on the answers the popup passes through", async () => {
    const opener = "cross-origin-opener-policy";
    const landing = await t.app.inject({ method: "GET", url: "/auth/popup-complete?error=access_denied" });
    expect(landing.statusCode).toBe(200);
    expect(landing.headers[opener]).toBe("unsafe-none");
    const start = await t.app.inject({ method: "GET", url: "/api/auth-popup/google" });
    expect(start.headers[opener]).toBe("unsafe-none");
    const callback = await t.app.inject({ method: "GET", url: "/api/auth/callback/google?code=x&state=y" });
    expect(callback.headers[opener]).toBe("unsafe-none");
    // Everywhere else the shop keeps its policy.
    for (const url of ["/", "/login", "/api/auth-providers", "/api/auth/get-session"]) {
      const response = await t.app.inject({ method: "GET", url });
      expect(response.headers[opener], url).toBe("same-origin-allow-popups");
    }
  });

  it("says that no provider is configured", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/auth-providers" });
    expect(response.json()).toEqual({ google: false, github: false });
  });

  it("sends the popup straight back with provider_not_configured", async () => {
    for (const provider of ["google", "github"]) {
      const response = await t.app.inject({
        method: "GET",
        url: `/api/auth-popup/${provider}?callbackURL=/auth/popup-complete`,
      });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe("/auth/popup-complete?error=provider_not_configured");
    }
  });
});

describe("popup sign-in with the real providers' client ids", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(
      { kind: "pglite" },
      {
        env: {
          GOOGLE_CLIENT_ID: "google-client",
          GOOGLE_CLIENT_SECRET: "google-secret",
          GITHUB_CLIENT_ID: "github-client",
          GITHUB_CLIENT_SECRET: "github-secret",
        },
      },
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  it("sends the popup to Google's and GitHub's own authorization pages, back to our callback", async () => {
    const expected = {
      google: "https://accounts.google.com/o/oauth2/v2/auth",
      github: "https://github.com/login/oauth/authorize",
    };
    for (const [provider, authorizePage] of Object.entries(expected)) {
      const response = await t.app.inject({ method: "GET", url: `/api/auth-popup/${provider}` });
      expect(response.statusCode).toBe(302);
      const location = new URL(String(response.headers.location));
      expect(location.origin + location.pathname).toBe(authorizePage);
      expect(location.searchParams.get("client_id")).toBe(`${provider}-client`);
      expect(location.searchParams.get("redirect_uri")).toBe(`${TEST_ORIGIN}/api/auth/callback/${provider}`);
      expect(location.searchParams.get("state")).toBeTruthy();
    }
  });
});

// Every way a name enters the identity service is bounded: sign-up and profile updates refuse a bad
// name with the shared rule's message; a name an OAuth provider sends (which the user cannot correct at
// the door) is stored as one line of at most NAME_MAX_LENGTH characters. Bidirectional controls
// (U+202E and its kin), which make a name show other than it reads, count as control characters.
import { bidiControlMessage, NAME_MAX_LENGTH } from "@toolshop/shared/text";
import { OAuth2Server } from "oauth2-mock-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IdentityClient, TEST_ORIGIN, uniqueEmail } from "../testing/identity-client";
import { createTestApp, type TestApp } from "../testing/test-app";

const PASSWORD = "Pliers2024";
const CONTROL_CHARACTER = /[\p{Cc}\u2028\u2029\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;

describe("names entering the identity service (PGlite)", () => {
  let provider: OAuth2Server;
  const person = { sub: "", email: "", name: "" };
  let t: TestApp;

  beforeAll(async () => {
    provider = new OAuth2Server();
    await provider.issuer.keys.generate("RS256");
    await provider.start(0, "127.0.0.1");
    provider.issuer.url = `http://127.0.0.1:${provider.address().port}`;
    const claims = () => ({ ...person, email_verified: true });
    provider.service.on("beforeTokenSigning", (token) => Object.assign(token.payload, claims()));
    provider.service.on("beforeUserinfo", (userInfo) => {
      userInfo.body = claims();
    });
    t = await createTestApp(
      { kind: "pglite" },
      {
        env: {
          GOOGLE_CLIENT_ID: "toolshop-google",
          GOOGLE_CLIENT_SECRET: "google-secret",
          GOOGLE_ISSUER_URL: provider.issuer.url,
        },
      },
    );
  });
  afterAll(async () => {
    await t?.close();
    await provider?.stop();
  });

  /** The popup flow by hand: our start route, the provider, Better Auth's callback. */
  async function signInWithProvider(client: IdentityClient) {
    const start = await client.request("GET", "/api/auth-popup/google?callbackURL=%2Fauth%2Fpopup-complete");
    expect(start.statusCode, start.body).toBe(302);
    const atProvider = await fetch(String(start.headers.location), { redirect: "manual" });
    const callback = new URL(String(atProvider.headers.get("location")));
    expect(callback.origin).toBe(TEST_ORIGIN);
    const landing = await client.request("GET", callback.pathname + callback.search);
    expect(landing.statusCode, landing.body).toBe(302);
  }

  it("stores a provider's over-long, multi-line name as one line of at most 100 characters", async () => {
    const email = uniqueEmail("long-name");
    Object.assign(person, {
      sub: `google-${email}`,
      email,
      name: `  \u202EAda\nLovelace\u0007\u2067${"\u00e9".repeat(300)}\u2069`,
    });
    const client = new IdentityClient(t.app, "198.51.100.40");
    await signInWithProvider(client);

    const { user } = (await client.request("GET", "/api/auth/get-session")).json();
    expect(user.email).toBe(email);
    expect(user.name.length).toBeLessThanOrEqual(NAME_MAX_LENGTH);
    expect(user.name).toMatch(/^Ada Lovelace é+$/);
    expect(CONTROL_CHARACTER.test(user.name)).toBe(false);
  });

  it("refuses a profile update with a 101-character or multi-line name, and stores a good one trimmed", async () => {
    const email = uniqueEmail("renamed");
    const client = new IdentityClient(t.app, "198.51.100.41");
    expect((await client.signUp({ name: "Before", email, password: PASSWORD })).statusCode).toBe(200);

    for (const [name, message] of [
      ["n".repeat(101), "Name must be at most 100 characters"],
      ["Two\nLines", "Name must be a single line without line breaks or control characters"],
      ["\u202Egnp.exe", bidiControlMessage("Name")],
      ["Ada \u2066Lovelace\u2069", bidiControlMessage("Name")],
      ["   ", "Name is required"],
    ] as const) {
      const response = await client.request("POST", "/api/auth/update-user", { name });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({ statusCode: 400, error: "Bad Request", message });
    }
    expect((await client.request("GET", "/api/auth/get-session")).json().user.name).toBe("Before");

    const renamed = await client.request("POST", "/api/auth/update-user", { name: "  After  " });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await client.request("GET", "/api/auth/get-session")).json().user.name).toBe("After");
  });

  it("bounds a name written through the identity service's own adapter too", async () => {
    const context = await t.app.identity.$context;
    const email = uniqueEmail("adapter");
    const { user } = await context.internalAdapter.createOAuthUser(
      { name: `${"x".repeat(150)}\r\n`, email, emailVerified: true },
      { providerId: "google", accountId: `google-${email}` },
    );
    expect(user.name).toBe("x".repeat(NAME_MAX_LENGTH));
    const updated = await context.internalAdapter.updateUser(user.id, { name: "Tab\there\u200F" });
    expect(updated?.name).toBe("Tab here");
  });

  it("refuses a sign-up whose name carries a direction control, and creates no account", async () => {
    const email = uniqueEmail("reversed");
    const client = new IdentityClient(t.app, "198.51.100.42");
    for (const name of ["Ada\u202ELovelace", "\u200FAda", "Ada\u061C"]) {
      const response = await client.signUp({ name, email, password: PASSWORD });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({
        statusCode: 400,
        error: "Bad Request",
        message: bidiControlMessage("Name"),
      });
    }
    const context = await t.app.identity.$context;
    expect(await context.internalAdapter.findUserByEmail(email)).toBeNull();
  });
});

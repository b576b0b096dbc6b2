// No redirect the server answers leaves the site (issue 47, finding 3). Spellings that a check of the
// raw string lets by and a browser (or a later normalisation) reads as another host are refused with
// one sentence wherever a request names where to go: the popup's start, Better Auth's callbackURL,
// errorCallbackURL, newUserCallbackURL and redirectTo, its verification and reset links; Better Auth's
// own redirects land on the normalised path; /uploads/ redirects only under IMAGE_BASE_URL. Every
// Location goes through lib/redirects.ts.
import { connect } from "node:net";
import type { LightMyRequestResponse } from "fastify";
import { OAuth2Server } from "oauth2-mock-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REDIRECT_REFUSED } from "../lib/redirects";
import { IdentityClient, uniqueEmail } from "../testing/identity-client";
import { createTestApp, type TestApp } from "../testing/test-app";

/** The Location of a GET sent as written (app.inject would make an absolute-form target a path). */
async function locationOnTheWire(port: number, target: string): Promise<string | undefined> {
  const answer = await new Promise<string>((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () =>
      socket.write(`GET ${target} HTTP/1.1\r\nHost: localhost:3000\r\nConnection: close\r\n\r\n`),
    );
    let text = "";
    socket.on("data", (chunk) => {
      text += chunk;
    });
    socket.on("end", () => resolve(text));
    socket.on("error", reject);
  });
  return /^location: (.*)$/im.exec(answer)?.[1]?.trim();
}

const CDN = "https://cdn.example.com/images";

/** Each one must be refused, or land on this site all the same. */
const SPELLINGS = [
  "/.//evil.example/phish",
  "/..//evil.example/phish",
  "/x/..//evil.example/phish",
  "/%2e%2e//evil.example/phish",
  "/x/%2E%2E//evil.example/phish",
  "//evil.example/phish",
  "///evil.example/phish",
  "/\\evil.example/phish",
  "\\\\evil.example/phish",
  "/\\/evil.example/phish",
  "/%2f/evil.example/phish",
  "/%2F%2Fevil.example/phish",
  "/%5c%5cevil.example/phish",
  "/\t/evil.example/phish",
  "/\n/evil.example/phish",
  "/\r\n/evil.example/phish",
  " //evil.example/phish",
  "/\u2215\u2215evil.example/phish",
  "/\uff0f\uff0fevil.example/phish",
  "\uff0f\uff0fevil.example/phish",
  "http://localhost:3000@evil.example/phish",
  "http://user:pass@localhost:3000/auth/popup-complete",
  "https://evil.example/phish",
  "HTTPS://EVIL.EXAMPLE/phish",
  "https:evil.example/phish",
  "https:/evil.example/phish",
  "http:\\\\evil.example/phish",
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  "java\tscript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
];

/** 400 with the one sentence, and no Location. */
function expectRefused(response: LightMyRequestResponse, label: string) {
  expect(response.headers.location, label).toBeUndefined();
  expect(response.statusCode, `${label}: ${response.body}`).toBe(400);
  expect(response.json().message, label).toBe(REDIRECT_REFUSED);
}

describe("redirects stay on the site (PGlite)", () => {
  let provider: OAuth2Server;
  let t: TestApp;
  let cancelAtProvider = false;

  beforeAll(async () => {
    provider = new OAuth2Server();
    await provider.issuer.keys.generate("RS256");
    await provider.start(0, "127.0.0.1");
    provider.issuer.url = `http://127.0.0.1:${provider.address().port}`;
    let people = 0;
    const person = () => ({ sub: `redirect-${people}`, email: `redirect-${people}@example.com` });
    provider.service.on("beforeTokenSigning", (token) => {
      people++;
      Object.assign(token.payload, { ...person(), email_verified: true, name: "Redirected" });
    });
    provider.service.on("beforeUserinfo", (userInfo) => {
      userInfo.body = { ...person(), email_verified: true, name: "Redirected" };
    });
    provider.service.on("beforeAuthorizeRedirect", ({ url }) => {
      if (!cancelAtProvider) return;
      url.searchParams.delete("code");
      url.searchParams.set("error", "access_denied");
    });
    t = await createTestApp(
      { kind: "pglite" },
      {
        env: {
          // GitHub stays unconfigured: its popup answers straight back to callbackURL.
          GOOGLE_CLIENT_ID: "toolshop-google",
          GOOGLE_CLIENT_SECRET: "google-secret",
          GOOGLE_ISSUER_URL: provider.issuer.url,
          // Never contacted: /uploads/<name> only redirects to the CDN.
          S3_BUCKET: "toolshop-images",
          S3_ENDPOINT: "http://127.0.0.1:9",
          IMAGE_BASE_URL: CDN,
        },
      },
    );
  });
  afterAll(async () => {
    await t?.close();
    await provider?.stop();
  });

  it("refuses every spelling at the popup's start with one sentence, before any provider", async () => {
    for (const provider of ["github", "google"]) {
      for (const spelling of SPELLINGS) {
        const response = await t.app.inject({
          method: "GET",
          url: `/api/auth-popup/${provider}?callbackURL=${encodeURIComponent(spelling)}`,
        });
        expectRefused(response, `${provider} ${JSON.stringify(spelling)}`);
      }
    }
    // A path of the site, spelled with a dot segment, is sent on normalised.
    const home = await t.app.inject({
      method: "GET",
      url: "/api/auth-popup/github?callbackURL=/x/../auth/popup-complete",
    });
    expect(home.statusCode).toBe(302);
    expect(home.headers.location).toBe("/auth/popup-complete?error=provider_not_configured");
  });

  it("refuses them in the verification and reset links", async () => {
    for (const spelling of SPELLINGS) {
      const callbackURL = encodeURIComponent(spelling);
      for (const url of [
        `/api/auth/verify-email?token=not-a-token&callbackURL=${callbackURL}`,
        `/api/auth/reset-password/not-a-token?callbackURL=${callbackURL}`,
      ]) {
        expectRefused(await t.app.inject({ method: "GET", url }), `${url}`);
      }
    }
    const spoiled = await t.app.inject({
      method: "GET",
      url: "/api/auth/verify-email?token=not-a-token&callbackURL=%2Fverify-email",
    });
    expect(spoiled.headers.location).toBe("/verify-email?error=INVALID_TOKEN");
  });

  it("refuses them as any callback URL of Better Auth's social and password sign-ins", async () => {
    const email = uniqueEmail("redirected");
    const client = new IdentityClient(t.app);
    expect((await client.signUp({ name: "Redirected", email, password: "Spanner2024" })).statusCode).toBe(
      200,
    );
    for (const spelling of SPELLINGS) {
      for (const field of ["callbackURL", "errorCallbackURL", "newUserCallbackURL"]) {
        const social = await client.request("POST", "/api/auth/sign-in/social", {
          provider: "google",
          [field]: spelling,
          disableRedirect: true,
        });
        expectRefused(social, `${field} ${JSON.stringify(spelling)}`);
      }
      const signIn = await client.request(
        "POST",
        `/api/auth/sign-in/email?callbackURL=${encodeURIComponent(spelling)}`,
        { email, password: "Spanner2024" },
      );
      expectRefused(signIn, `sign-in query ${JSON.stringify(spelling)}`);
      const reset = await client.request("POST", "/api/auth/request-password-reset", {
        email,
        redirectTo: spelling,
      });
      expectRefused(reset, `redirectTo ${JSON.stringify(spelling)}`);
    }
  });

  it("lands a social sign-in on the normalised path, on success and on failure", async () => {
    for (const [cancelled, landsOn] of [
      [false, "/auth/popup-complete"],
      [true, "/auth/popup-complete?error=access_denied"],
    ] as const) {
      cancelAtProvider = cancelled;
      const client = new IdentityClient(t.app);
      const start = await client.request("POST", "/api/auth/sign-in/social", {
        provider: "google",
        callbackURL: "/x/../auth/popup-complete",
        errorCallbackURL: "/x/./../auth/popup-complete",
        disableRedirect: true,
      });
      expect(start.statusCode, start.body).toBe(200);
      const atProvider = await fetch(start.json().url, { redirect: "manual" });
      const callback = new URL(String(atProvider.headers.get("location")));
      const landing = await client.request("GET", callback.pathname + callback.search);
      expect(landing.statusCode, landing.body).toBe(302);
      expect(landing.headers.location).toBe(landsOn);
    }
    cancelAtProvider = false;
  });

  it("redirects /uploads/ only to IMAGE_BASE_URL", async () => {
    const name = `${"b".repeat(32)}.webp`;
    const image = await t.app.inject({ method: "GET", url: `/uploads/${name}` });
    expect(image.statusCode).toBe(301);
    expect(image.headers.location).toBe(`${CDN}/${name}`);
    for (const spelling of SPELLINGS) {
      for (const url of [
        `/uploads/${encodeURIComponent(spelling)}`,
        `/uploads/${spelling.replace(/^\//, "")}`,
      ]) {
        const response = await t.app.inject({ method: "GET", url }).catch(() => undefined);
        const location = response?.headers.location;
        if (location === undefined) continue;
        expect(String(location).startsWith(`${CDN}/`), `${url} went to ${location}`).toBe(true);
        expect(new URL(String(location)).pathname.startsWith("/images/"), String(location)).toBe(true);
      }
    }
  });

  it("answers Swagger UI's redirect on the site, whatever the request target says", async () => {
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = t.app.server.address() as { port: number };
    for (const target of [
      "/api/docs/static/index.html",
      "http://evil.example/api/docs/static/index.html",
      "/api/docs/static/index.html?next=//evil.example",
    ]) {
      expect(await locationOnTheWire(port, target), target).toBe("/api/docs/");
    }
  });
});

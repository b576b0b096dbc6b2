// Hostile input to the identity service (Better Auth at /api/auth), which the OpenAPI document does not
// describe and hostile-input.test.ts therefore does not reach: every endpoint the shop uses and a few it
// does not, with generated bodies, queries, headers and cookies (none, a live session, forged ones), from
// the shop's origin and from others; then every endpoint under other spellings of its path and other
// body encodings. Nothing may answer 5xx or take the server down.
import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IdentityClient, TEST_ORIGIN, uniqueEmail } from "../testing/identity-client";
import { createTestApp, type TestApp } from "../testing/test-app";
import { fuzzSeed } from "./support/fuzz-seed";
import { type FuzzRequest, fuzzRequest, injectFuzzRequest, type Operation } from "./support/openapi-fuzz";

const RUNS_PER_ENDPOINT_AND_COOKIE = 40;
const SPELLING_RUNS = 1500;
const FUZZ_SEED = fuzzSeed(20_261_123);

/** Better Auth's endpoints (core and the ones our configuration turns on), as method + path + body fields. */
const IDENTITY_ENDPOINTS: [method: string, path: string, fields?: string[]][] = [
  ["POST", "/api/auth/sign-up/email", ["name", "email", "password", "image", "callbackURL", "rememberMe"]],
  ["POST", "/api/auth/sign-in/email", ["email", "password", "callbackURL", "rememberMe"]],
  ["POST", "/api/auth/sign-out", []],
  ["GET", "/api/auth/get-session"],
  ["GET", "/api/auth/list-sessions"],
  ["POST", "/api/auth/revoke-session", ["token"]],
  ["POST", "/api/auth/revoke-sessions", []],
  ["POST", "/api/auth/request-password-reset", ["email", "redirectTo"]],
  ["GET", "/api/auth/reset-password/{token}"],
  ["POST", "/api/auth/reset-password", ["newPassword", "token"]],
  ["POST", "/api/auth/send-verification-email", ["email", "callbackURL"]],
  ["GET", "/api/auth/verify-email"],
  ["POST", "/api/auth/verify-email/new-password", ["token", "newPassword"]],
  ["POST", "/api/auth/change-password", ["currentPassword", "newPassword", "revokeOtherSessions"]],
  ["POST", "/api/auth/update-user", ["name", "image", "email", "role", "emailVerified"]],
  ["POST", "/api/auth/change-email", ["newEmail", "callbackURL"]],
  ["POST", "/api/auth/delete-user", ["password", "token", "callbackURL"]],
  ["POST", "/api/auth/sign-in/social", ["provider", "callbackURL", "errorCallbackURL", "idToken"]],
  ["POST", "/api/auth/sign-in/oauth2", ["providerId", "callbackURL"]],
  ["GET", "/api/auth/callback/{provider}"],
  ["GET", "/api/auth/oauth2/callback/{providerId}"],
  ["GET", "/api/auth/list-accounts"],
  ["GET", "/api/auth/ok"],
  ["GET", "/api/auth/error"],
  ["POST", "/api/auth/{anything}", ["email"]],
];

/**
 * Other spellings of a path under /api/auth (Better Auth's router resolves some, refuses others). The
 * prefix itself stays: another spelling of it is not the identity service's (in tests without a web
 * build, the web app's fallback answers 503 there).
 */
const SPELLINGS: ((path: string) => string)[] = [
  (path) => path,
  (path) => `${path}/`,
  (path) => path.replace("/api/auth/", "/api/auth//"),
  (path) => path.replace("/api/auth/", "/api/auth/./"),
  (path) => path.replace("/api/auth/", "/api/auth/x/../"),
  (path) => path.replace("/api/auth/", "/api/auth/x/%2e%2e/"),
  (path) => path.replace("/api/auth/", "/api/auth/.\\"),
  (path) => path.replace("/api/auth/", "/api/auth/%2F"),
  (path) => `/api/auth${path.slice("/api/auth".length).toUpperCase()}`,
  (path) =>
    path.replace(
      /\/([a-z])([^/]*)$/,
      (_match, first: string, rest: string) => `/%${first.charCodeAt(0).toString(16)}${rest}`,
    ),
  (path) => `${path};x=1`,
  (path) => `${path}#fragment`,
  (path) => `${path}?callbackURL=%2F&token=x`,
  (path) => `${path}%00`,
  (path) => `${path}%`,
];

const CONTENT_TYPES = [
  undefined,
  "application/json",
  "application/json; charset=utf-16",
  "APPLICATION/JSON",
  "application/x-www-form-urlencoded",
  "text/plain",
  "text/plain;charset=UTF-8",
  "multipart/form-data; boundary=x",
  "multipart/form-data",
  "application/octet-stream",
  "application/vnd.api+json",
  "application/json, text/plain",
  "garbage",
];

/** A request on a connection of its own, the path sent byte for byte as given; answers the status and body. */
function rawRequest(
  port: number,
  method: string,
  path: string,
  options: { headers: Record<string, string>; body?: string | undefined },
): Promise<{ statusCode: number; body: string }> {
  // Node's client frames no body of a DELETE by itself: the length says where it ends.
  const length =
    options.body === undefined ? {} : { "content-length": String(Buffer.byteLength(options.body)) };
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      { host: "127.0.0.1", port, method, path, headers: { ...options.headers, ...length }, agent: false },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("error", reject);
        response.on("end", () =>
          resolve({ statusCode: response.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }),
        );
      },
    );
    request.on("error", reject);
    request.end(options.body);
  });
}

function operationOf([method, path, fields]: (typeof IDENTITY_ENDPOINTS)[number]): Operation {
  return {
    method,
    path,
    pathParams: [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as string),
    queryParams: ["token", "callbackURL", "code", "state", "error", "currentURL", "disableCookieCache"],
    headerParams: [],
    bodyFields: fields,
  };
}

describe("hostile input to the identity service (PGlite, in process)", () => {
  let t: TestApp;
  let sessionCookie: string;
  let email: string;
  beforeAll(async () => {
    // A 1 ms rate-limit window: the limits (tested in plugins/rate-limits.test.ts) would otherwise turn
    // most of these requests into 429s before they reach Better Auth, which is what is fuzzed here.
    t = await createTestApp({ kind: "pglite" }, { rateLimitWindowMs: 1 });
    const client = new IdentityClient(t.app);
    email = uniqueEmail("fuzz");
    const signUp = await client.signUp({ name: "Fuzz Target", email, password: "Passw0rdFuzz" });
    expect(signUp.statusCode).toBe(200);
    // Sign-up signs no one in: the session comes from a sign-in.
    const signIn = await client.signIn(email, "Passw0rdFuzz");
    const cookie = [signIn.headers["set-cookie"]]
      .flat()
      .find((line) => String(line).includes("session_token"));
    sessionCookie = String(cookie).split(";")[0] as string;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const cookies = (): fc.Arbitrary<string | undefined>[] => [
    fc.constant(undefined),
    fc.constant(sessionCookie),
    fc.constantFrom(
      `${sessionCookie.slice(0, -4)}AAAA`,
      `${sessionCookie}; ${sessionCookie.replace("=", "=x")}`,
      "toolshop.session_token=",
      "toolshop.session_token=%E0%A4%A",
      `toolshop.session_token=${"a".repeat(4000)}`,
      "toolshop.session_data=eyJzZXNzaW9uIjp7fX0.forged",
    ),
  ];
  const origins = fc.constantFrom(TEST_ORIGIN, "https://evil.example", "null", "");

  /** The generated request with a cookie and an Origin; most from the shop's page, so they get past CSRF checks. */
  const identityRequest = (operation: Operation, cookie: fc.Arbitrary<string | undefined>) =>
    fc
      .tuple(
        fuzzRequest(operation, {
          authorization: fc.constant(undefined),
          knownIds: [email, "google", "github"],
        }),
        cookie,
        fc.oneof({ weight: 3, arbitrary: fc.constant(TEST_ORIGIN) }, origins),
      )
      .map(
        ([request, cookieHeader, origin]): FuzzRequest => ({
          ...request,
          headers: {
            ...request.headers,
            ...(origin ? { origin } : {}),
            ...(cookieHeader ? { cookie: cookieHeader } : {}),
          },
        }),
      );

  it("answers every generated request to every identity endpoint without a 5xx", async () => {
    let sent = 0;
    let seed = FUZZ_SEED;
    for (const operation of IDENTITY_ENDPOINTS.map(operationOf)) {
      for (const cookie of cookies()) {
        await fc.assert(
          fc.asyncProperty(identityRequest(operation, cookie), async (request) => {
            const response = await injectFuzzRequest(t.app, request);
            if (!response) return;
            sent += 1;
            const what = `${request.method} ${request.url.slice(0, 200)} -> ${response.statusCode} ${response.body.slice(0, 300)}`;
            expect(response.statusCode, what).toBeLessThan(500);
          }),
          { numRuns: RUNS_PER_ENDPOINT_AND_COOKIE, seed: seed++ },
        );
      }
    }
    expect(sent).toBeGreaterThan(2500);

    // Still alive, and the account still works with its own password.
    const client = new IdentityClient(t.app);
    expect((await client.signIn(email, "Passw0rdFuzz")).statusCode).toBe(200);
    expect((await t.app.inject({ method: "GET", url: "/api/readyz" })).statusCode).toBe(200);
  }, 240_000);

  it("answers every endpoint under other path spellings and body encodings without a 5xx", async () => {
    // Over a real socket: app.inject normalizes the URL (dot segments, backslashes, fragments).
    await t.app.listen({ host: "127.0.0.1", port: 0 });
    const port = (t.app.server.address() as AddressInfo).port;
    const fields = { name: "Fuzz", email, password: "Passw0rdFuzz", newPassword: "Passw0rdFuzz", token: "x" };
    const body = fc.oneof(
      fc.constant(undefined),
      fc.constant(""),
      fc.constant(JSON.stringify(fields)),
      fc.constant(`\uFEFF${JSON.stringify(fields)}`),
      fc.constant(new URLSearchParams(fields).toString()),
      fc.constant('--x\r\nContent-Disposition: form-data; name="email"\r\n\r\nfuzz@example.com\r\n--x--\r\n'),
      fc.jsonValue({ maxDepth: 2 }).map((value) => JSON.stringify(value)),
      fc.string({ maxLength: 200 }),
    );
    const request = fc.record({
      endpoint: fc.constantFrom(...IDENTITY_ENDPOINTS),
      spell: fc.constantFrom(...SPELLINGS),
      method: fc.constantFrom("GET", "POST", "PUT", "DELETE", "PATCH"),
      contentType: fc.constantFrom(...CONTENT_TYPES),
      body,
      cookie: fc.constantFrom(undefined, sessionCookie),
    });
    let sent = 0;
    await fc.assert(
      fc.asyncProperty(request, async ({ endpoint, spell, method, contentType, body: payload, cookie }) => {
        const [usualMethod, path] = endpoint;
        const url = spell(path.replace(/\{\w+\}/g, "x"));
        // Mostly the endpoint's own method, sometimes another.
        const verb = sent % 4 === 0 ? method : usualMethod;
        const response = await rawRequest(port, verb, url, {
          headers: {
            origin: TEST_ORIGIN,
            ...(contentType === undefined ? {} : { "content-type": contentType }),
            ...(cookie ? { cookie } : {}),
          },
          body: verb === "GET" ? undefined : payload,
        });
        sent += 1;
        const what = `${verb} ${url} (${contentType}) -> ${response.statusCode} ${response.body.slice(0, 300)}`;
        expect(response.statusCode, what).toBeLessThan(500);
      }),
      { numRuns: SPELLING_RUNS, seed: FUZZ_SEED },
    );
    expect(sent).toBeGreaterThan(SPELLING_RUNS * 0.9);
    expect((await new IdentityClient(t.app).signIn(email, "Passw0rdFuzz")).statusCode).toBe(200);
  }, 240_000);
});

// Hostile input to the identity service (Better Auth at /api/auth), which the OpenAPI document does not
// describe and hostile-input.test.ts therefore does not reach: every endpoint the shop uses and a few it
// does not, with generated bodies, queries, headers and cookies (none, a live session, forged ones), from
// the shop's origin and from others. Nothing may answer 5xx or take the server down.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IdentityClient, TEST_ORIGIN, uniqueEmail } from "../testing/identity-client";
import { createTestApp, type TestApp } from "../testing/test-app";
import { fuzzSeed } from "./support/fuzz-seed";
import { type FuzzRequest, fuzzRequest, injectFuzzRequest, type Operation } from "./support/openapi-fuzz";

const RUNS_PER_ENDPOINT_AND_COOKIE = 40;
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
    const cookie = [signUp.headers["set-cookie"]]
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
});

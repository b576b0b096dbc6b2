// Bodies sent without signing in (issue 47, finding 9): small, and never nested deeper than a few
// dozen levels, refused before anything parses them, on our routes and on Better Auth's alike; the
// largest legitimate quote still fits.
import { QUOTE_LIMITS } from "@toolshop/shared/quotes";
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH } from "@toolshop/shared/text";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_JSON_DEPTH, PUBLIC_BODY_LIMIT, TOO_DEEP_MESSAGE } from "../plugins/request-bodies";
import { TEST_ORIGIN, uniqueEmail } from "../testing/identity-client";
import { createTestApp, type TestApp } from "../testing/test-app";

const PASSWORD = "Hammer2024";
// Three bytes in UTF-8: the most a character of a legitimate form takes per UTF-16 unit.
const WIDE = "語";

describe("request bodies without a sign-in (PGlite)", () => {
  let t: TestApp;
  let email: string;
  beforeAll(async () => {
    t = await createTestApp({ kind: "pglite" }, { env: { RATE_LIMIT_FACTOR: "100" } });
    email = uniqueEmail("bodies");
    const signUp = await post("/api/auth/sign-up/email", { name: "Bodies", email, password: PASSWORD });
    expect(signUp.statusCode, signUp.body).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = (url: string, payload: unknown) =>
    t.app.inject({
      method: "POST",
      url,
      headers: { origin: TEST_ORIGIN, "content-type": "application/json" },
      payload: typeof payload === "string" ? payload : JSON.stringify(payload),
    });
  const quote = { name: "Ada", email: "ada@example.com", message: "Ten fish tapes, please." };
  const nested = (depth: number) => `${"[".repeat(depth)}1${"]".repeat(depth)}`;
  const routes = [
    { url: "/api/quotes", normal: () => quote, status: 201 },
    { url: "/api/auth/sign-in/email", normal: () => ({ email, password: PASSWORD }), status: 200 },
  ];

  for (const route of routes) {
    it(`refuses a deeply nested body on ${route.url} with one sentence, and still serves`, async () => {
      // Small enough for the limit: only the nesting refuses it.
      const deep = `{"email":"a@b.co","message":${nested(5_000)}}`;
      expect(deep.length).toBeLessThan(PUBLIC_BODY_LIMIT);
      const refused = await post(route.url, deep);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ statusCode: 400, message: TOO_DEEP_MESSAGE });
      // The finding's body: 1 MiB, 500,000 deep.
      const huge = await post(route.url, `{"a":${nested(500_000)}}`);
      expect(huge.statusCode).toBe(413);

      const normal = await post(route.url, route.normal());
      expect(normal.statusCode, normal.body).toBe(route.status);
    });

    it(`refuses a body over ${PUBLIC_BODY_LIMIT} bytes on ${route.url}`, async () => {
      const oversized = await post(route.url, { ...route.normal(), message: "x".repeat(100_000) });
      expect(oversized.statusCode).toBe(413);
      expect(oversized.json()).toMatchObject({ statusCode: 413, message: expect.any(String) });
      expect((await post(route.url, route.normal())).statusCode).toBe(route.status);
    });
  }

  it("counts brackets outside strings only, up to the limit", async () => {
    const bracketsInText = await post("/api/quotes", { ...quote, message: `[{"${"[".repeat(1500)}` });
    expect(bracketsInText.statusCode, bracketsInText.body).toBe(201);
    // At the limit the body reaches the schema, which refuses its shape; one level more is refused unread.
    const atLimit = await post("/api/quotes", { ...quote, tool: JSON.parse(nested(MAX_JSON_DEPTH - 1)) });
    expect(atLimit.statusCode).toBe(400);
    expect(atLimit.json().message).not.toBe(TOO_DEEP_MESSAGE);
    const overLimit = await post("/api/quotes", { ...quote, tool: JSON.parse(nested(MAX_JSON_DEPTH)) });
    expect(overLimit.json().message).toBe(TOO_DEEP_MESSAGE);
  });

  it("takes the largest legitimate quote: every field at its cap in three-byte characters", async () => {
    const largest = {
      name: WIDE.repeat(NAME_MAX_LENGTH),
      email: `${"a".repeat(EMAIL_MAX_LENGTH - "@example.com".length)}@example.com`,
      phone: "1".repeat(QUOTE_LIMITS.phone),
      company: WIDE.repeat(QUOTE_LIMITS.company),
      tool: WIDE.repeat(QUOTE_LIMITS.tool),
      quantity: 100000,
      message: WIDE.repeat(QUOTE_LIMITS.message),
    };
    const response = await post("/api/quotes", largest);
    expect(response.statusCode, response.body).toBe(201);
  });
});

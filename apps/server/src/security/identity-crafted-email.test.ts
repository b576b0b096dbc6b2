// A crafted 10,000-character email (a worst case for the old pattern /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
// which backtracked quadratically on it; 50,000 characters, which took seconds, no longer fit in a
// body sent without signing in: plugins/request-bodies.ts) is refused with 400 without holding up the
// event loop: a health check sent alongside is answered first. Order, not timing, is what the tests
// look at; and because a synchronous stall cannot be seen by order alone once it has started, the
// value is also checked never to reach an email pattern at all: its length refuses it first.
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { TEST_ORIGIN } from "../testing/identity-client";
import { createTestApp, type TestApp } from "../testing/test-app";

// "a@a.a. ... a. x": every dot is a place to split "domain.tld", and the space at the end fails them all.
const CRAFTED_EMAIL = `a@${"a.".repeat(4_998)} x`;

describe("a crafted 10,000-character email (PGlite)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind: "pglite" }, { env: { SALES_EMAIL: "sales@toolshop.example" } });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Sends `crafted`, then a health check; answers both responses and which came back first. */
  async function craftedThenHealth(crafted: InjectOptions) {
    const order: string[] = [];
    const [craftedResponse, health] = await Promise.all([
      t.app.inject(crafted).then((response) => {
        order.push("crafted");
        return response;
      }),
      t.app.inject({ method: "GET", url: "/api/healthz" }).then((response) => {
        order.push("health");
        return response;
      }),
    ]);
    return { crafted: craftedResponse as LightMyRequestResponse, health, order };
  }

  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** The email patterns (any regular expression that mentions "@") that ran on the crafted value. */
  async function emailPatternRunsOnCrafted(send: () => Promise<unknown>): Promise<string[]> {
    const patterns: string[] = [];
    const exec = RegExp.prototype.exec;
    // RegExp test, match, replace and split all call exec once it is replaced. Single character
    // classes (zod counting code points) are linear and may look at it.
    vi.spyOn(RegExp.prototype, "exec").mockImplementation(function (this: RegExp, input: string) {
      const crafted = typeof input === "string" && input.length > 1000 && input.startsWith("a@a.a.");
      if (crafted && this.source.includes("@")) patterns.push(this.source);
      return exec.call(this, input);
    });
    await send();
    vi.restoreAllMocks();
    return patterns;
  }

  it("is 10,000 characters long", () => {
    expect(CRAFTED_EMAIL).toHaveLength(10_000);
  });

  it("is refused by its length before an email pattern reads it, in sign-up and in a request for quote", async () => {
    const signUp = () =>
      t.app.inject({
        method: "POST",
        url: "/api/auth/sign-up/email",
        remoteAddress: "198.51.100.34",
        headers: { origin: TEST_ORIGIN },
        payload: { name: "Crafted", email: CRAFTED_EMAIL, password: "Crafted2024" },
      });
    const quote = () =>
      t.app.inject({
        method: "POST",
        url: "/api/quotes",
        remoteAddress: "198.51.100.35",
        payload: { name: "Crafted", email: CRAFTED_EMAIL, message: "A quote, please." },
      });
    expect(await emailPatternRunsOnCrafted(signUp)).toEqual([]);
    expect(await emailPatternRunsOnCrafted(quote)).toEqual([]);
  });

  it("answers a sign-up with it 400 while a health check sent alongside is answered first", async () => {
    const { crafted, health, order } = await craftedThenHealth({
      method: "POST",
      url: "/api/auth/sign-up/email",
      remoteAddress: "198.51.100.31",
      headers: { origin: TEST_ORIGIN },
      payload: { name: "Crafted", email: CRAFTED_EMAIL, password: "Crafted2024" },
    });
    expect(crafted.statusCode, crafted.body.slice(0, 200)).toBe(400);
    expect(crafted.json().message).toBe("The email must be at most 254 characters");
    expect(health.statusCode).toBe(200);
    expect(order).toEqual(["health", "crafted"]);
  });

  it("answers a request for quote with it 400 while a health check sent alongside is answered first", async () => {
    const { crafted, health, order } = await craftedThenHealth({
      method: "POST",
      url: "/api/quotes",
      remoteAddress: "198.51.100.32",
      payload: { name: "Crafted", email: CRAFTED_EMAIL, message: "A quote, please." },
    });
    expect(crafted.statusCode, crafted.body.slice(0, 200)).toBe(400);
    expect(crafted.json().message).toContain("The email must be at most 254 characters");
    expect(health.statusCode).toBe(200);
    expect(order).toEqual(["health", "crafted"]);
  });

  it("answers a sign-in and a reset request with it without a 5xx", async () => {
    for (const url of ["/api/auth/sign-in/email", "/api/auth/request-password-reset"]) {
      const response = await t.app.inject({
        method: "POST",
        url,
        remoteAddress: "198.51.100.33",
        headers: { origin: TEST_ORIGIN },
        payload: { email: CRAFTED_EMAIL, password: "Crafted2024" },
      });
      expect(response.statusCode, `${url}: ${response.body.slice(0, 200)}`).toBeLessThan(500);
    }
  });
});

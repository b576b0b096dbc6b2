// The Content-Security-Policy with each payment gateway: Stripe's origins are allowed only for Stripe.
// Independent of the database kind, so it runs on PGlite only.
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { onFakeStripe } from "../features/orders/test-fixtures";
import { createFakeStripe } from "../features/payments/fake-stripe";
import { createTestApp, type TestApp } from "../testing/test-app";

function cspDirectives(response: LightMyRequestResponse): Record<string, string> {
  const csp = String(response.headers["content-security-policy"]);
  return Object.fromEntries(
    csp.split(";").map((directive) => {
      const [name = "", ...values] = directive.trim().split(/\s+/);
      return [name, values.join(" ")];
    }),
  );
}

describe("the CSP with the built-in test gateway", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind: "pglite" });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("stays strict: nothing from Stripe may load, frame or be called", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/healthz" });
    const directives = cspDirectives(response);
    expect(directives["script-src"]).toBe("'self'");
    expect(directives["connect-src"]).toBe("'self'");
    // No frame-src: frames fall back to default-src 'self'.
    expect(directives["frame-src"]).toBeUndefined();
    expect(directives["default-src"]).toBe("'self'");
    expect(String(response.headers["content-security-policy"])).not.toContain("stripe.com");
  });
});

describe("the CSP with the Stripe gateway (Stripe mocked)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind: "pglite" }, onFakeStripe(createFakeStripe(), "whsec_test_fake"));
  });
  afterAll(async () => {
    await t?.close();
  });

  it("allows Stripe.js, its card frames and its API, and nothing else new", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/healthz" });
    const directives = cspDirectives(response);
    expect(directives["script-src"]).toBe("'self' https://js.stripe.com");
    expect(directives["frame-src"]).toBe("https://js.stripe.com https://hooks.stripe.com");
    expect(directives["connect-src"]).toBe("'self' https://api.stripe.com");
    expect(directives["default-src"]).toBe("'self'");
    expect(directives["script-src-attr"]).toBe("'none'");
    expect(directives["frame-ancestors"]).toBe("'none'");
    expect(directives["object-src"]).toBe("'none'");
  });
});

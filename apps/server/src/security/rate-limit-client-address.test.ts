// The address the per-IP limits count: loopback clients count like any other, a rotating
// X-Forwarded-For gets no fresh budget behind a trusted proxy (the client is the right-most address
// that is not a trusted proxy), and an attacker's failed sign-ins from one address do not lock the
// owner out from another.
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IdentityClient, TEST_ORIGIN, uniqueEmail } from "../testing/identity-client";
import { createTestApp, type TestApp } from "../testing/test-app";

const PASSWORD = "Ratchet2024";
const PROXY = "10.0.0.2";

function expectTooManyAttempts(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).toBe(429);
  expect(response.json().message).toBe("Too many attempts, try again in a minute");
  expect(Number(response.headers["retry-after"])).toBeGreaterThan(0);
}

let rotation = 0;
/** A different made-up address on every call: what an attacker writes into X-Forwarded-For. */
const forgedAddress = () => `172.16.${Math.floor(++rotation / 250)}.${(rotation % 250) + 1}`;

describe("per-IP limits on loopback clients (PGlite)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind: "pglite" });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("limits 127.0.0.1 and ::1 like any other client", async () => {
    for (const ip of ["127.0.0.1", "::1"]) {
      const client = new IdentityClient(t.app, ip);
      const reset = () =>
        client.request("POST", "/api/auth/request-password-reset", { email: uniqueEmail("loop") });
      for (let request = 1; request <= 10; request++) {
        expect((await reset()).statusCode, `${ip}: request ${request}`).toBe(200);
      }
      expectTooManyAttempts(await reset());
    }
  });
});

for (const [title, trustProxy] of [
  ["TRUST_PROXY=true (one hop)", "true"],
  ["TRUST_PROXY=1", "1"],
  ["TRUST_PROXY with the proxy's address", PROXY],
] as const) {
  describe(`per-IP limits behind a reverse proxy, ${title} (PGlite)`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ kind: "pglite" }, { env: { TRUST_PROXY: trustProxy } });
    });
    afterAll(async () => {
      await t?.close();
    });

    /** A request through the proxy, which appends the address it saw to what the client sent. */
    const throughProxy = (url: string, client: string, payload: object, forwardedByClient?: string) =>
      t.app.inject({
        method: "POST",
        url,
        remoteAddress: PROXY,
        headers: {
          origin: TEST_ORIGIN,
          "x-forwarded-for": forwardedByClient ? `${forwardedByClient}, ${client}` : client,
        },
        payload,
      });

    it("gives a client that rotates its own X-Forwarded-For entry no fresh budget", async () => {
      const attacker = "198.51.100.66";
      const reset = () =>
        throughProxy(
          "/api/auth/request-password-reset",
          attacker,
          { email: uniqueEmail("x") },
          forgedAddress(),
        );
      for (let request = 1; request <= 10; request++) {
        expect((await reset()).statusCode, `request ${request}`).toBe(200);
      }
      expectTooManyAttempts(await reset());
      // Another real client behind the same proxy still has its own budget.
      const other = await throughProxy("/api/auth/request-password-reset", "198.51.100.67", {
        email: uniqueEmail("y"),
      });
      expect(other.statusCode).toBe(200);
    });

    it("does not let an attacker's failed sign-ins lock the owner out from another address", async () => {
      const email = uniqueEmail("owner");
      const owner = "198.51.100.10";
      const attacker = "198.51.100.99";
      const signUp = await throughProxy("/api/auth/sign-up/email", owner, {
        name: "Owner",
        email,
        password: PASSWORD,
      });
      expect(signUp.statusCode, signUp.body).toBe(200);

      const guesses = await Promise.all(
        Array.from({ length: 10 }, (_, guess) =>
          throughProxy(
            "/api/auth/sign-in/email",
            attacker,
            { email, password: `guess${guess}x` },
            forgedAddress(),
          ),
        ),
      );
      expect(guesses.map((guess) => guess.statusCode).sort()).toEqual([...Array(9).fill(401), 429]);
      expectTooManyAttempts(
        await throughProxy(
          "/api/auth/sign-in/email",
          attacker,
          { email, password: PASSWORD },
          forgedAddress(),
        ),
      );

      const signIn = await throughProxy("/api/auth/sign-in/email", owner, { email, password: PASSWORD });
      expect(signIn.statusCode, signIn.body).toBe(200);
    });
  });
}

describe("per-IP limits without a trusted proxy (PGlite)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind: "pglite" });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("ignores X-Forwarded-For altogether", async () => {
    const reset = () =>
      t.app.inject({
        method: "POST",
        url: "/api/auth/request-password-reset",
        remoteAddress: "198.51.100.5",
        headers: { origin: TEST_ORIGIN, "x-forwarded-for": forgedAddress() },
        payload: { email: uniqueEmail("direct") },
      });
    for (let request = 1; request <= 10; request++) expect((await reset()).statusCode).toBe(200);
    expectTooManyAttempts(await reset());
  });
});

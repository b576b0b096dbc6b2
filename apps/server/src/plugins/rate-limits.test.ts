// Rate limits on sign-in, sign-up, reset mails and token issuance: per account and per IP, in
// memory, in Redis (shared by several app instances), and falling back when Redis is unreachable.
// The limits do not depend on the database kind, so these suites run on PGlite only.
import { randomInt } from "node:crypto";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IdentityClient, uniqueEmail } from "../testing/identity-client";
import { testRedis } from "../testing/redis";
import { createTestApp, type TestApp } from "../testing/test-app";

// A short window, for the tests that wait for one to end. Only the counting of ten attempts sent
// together has to fit in it, which takes milliseconds even on a busy machine; anything slower (ten
// password hashes, thirty token requests) is tested with the default window of a minute.
const SHORT_WINDOW_MS = 3000;
const PASSWORD = "wrench2024";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** An address of its own per test, so that runs sharing one Redis never count each other's attempts. */
const randomIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

function expectTooManyAttempts(response: LightMyRequestResponse) {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toEqual({
    statusCode: 429,
    error: "Too Many Requests",
    message: "Too many attempts, try again in a minute",
  });
  expect(Number(response.headers["retry-after"])).toBeGreaterThan(0);
}

/**
 * Ten wrong passwords for one account from one address at once (spread over the apps): nine are
 * answered 401 and one, whichever is counted tenth, 429. Sent together, they are all counted within
 * one window.
 */
async function tenWrongSignIns(apps: TestApp["app"][], email: string, ip: string) {
  const attempts = await Promise.all(
    Array.from({ length: 10 }, (_, attempt) =>
      new IdentityClient(apps[attempt % apps.length] as TestApp["app"], ip).signIn(email, "wrong-password-1"),
    ),
  );
  expect(attempts.map((response) => response.statusCode).sort()).toEqual([...Array(9).fill(401), 429]);
  expectTooManyAttempts(attempts.find((response) => response.statusCode === 429) as LightMyRequestResponse);
}

async function signUp(app: TestApp["app"], email: string) {
  const response = await new IdentityClient(app, randomIp()).signUp({
    name: "Target",
    email,
    password: PASSWORD,
  });
  expect(response.statusCode, response.body).toBe(200);
}

describe("rate limits behind a reverse proxy on this machine (TRUST_PROXY)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind: "pglite" }, { env: { TRUST_PROXY: "127.0.0.1" } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("limits each forwarded client per IP, though every request comes from the loopback proxy", async () => {
    const client = randomIp();
    const resetFrom = (forwardedFor: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/auth/request-password-reset",
        remoteAddress: "127.0.0.1",
        headers: { "x-forwarded-for": forwardedFor, origin: t.app.config.publicUrl },
        payload: { email: uniqueEmail("p") },
      });
    for (let request = 1; request <= 10; request++) {
      expect((await resetFrom(client)).statusCode, `request ${request}`).toBe(200);
    }
    expectTooManyAttempts(await resetFrom(client));
    expect((await resetFrom(randomIp())).statusCode).toBe(200);
  });
});

describe("rate limits in memory", () => {
  // The default window of a minute, and a short one for waiting until a window ends.
  let t: TestApp;
  let short: TestApp;
  beforeAll(async () => {
    [t, short] = await Promise.all([
      createTestApp({ kind: "pglite" }),
      createTestApp({ kind: "pglite" }, { rateLimitWindowMs: SHORT_WINDOW_MS }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([t?.close(), short?.close()]);
  });

  it("refuses the tenth sign-in for one account from one address within a minute, then even the right password", async () => {
    const email = uniqueEmail("guessed");
    await signUp(t.app, email);
    const attacker = randomIp();
    await tenWrongSignIns([t.app], email, attacker);
    expectTooManyAttempts(await new IdentityClient(t.app, attacker).signIn(email, PASSWORD));
    // The owner, elsewhere, is not locked out by the attacker's failures.
    const owner = await new IdentityClient(t.app, randomIp()).signIn(email, PASSWORD);
    expect(owner.statusCode, owner.body).toBe(200);
  });

  it("lets the right password in from the same address once the window has passed", async () => {
    const email = uniqueEmail("patient");
    await signUp(short.app, email);
    const ip = randomIp();
    await tenWrongSignIns([short.app], email, ip);
    await sleep(SHORT_WINDOW_MS);
    const response = await new IdentityClient(short.app, ip).signIn(email, PASSWORD);
    expect(response.statusCode, response.body).toBe(200);
  });

  it("limits reset mails per address and per account", async () => {
    const ip = randomIp();
    const client = new IdentityClient(t.app, ip);
    for (let request = 1; request <= 10; request++) {
      const response = await client.request("POST", "/api/auth/request-password-reset", {
        email: uniqueEmail("r"),
      });
      expect(response.statusCode, `request ${request}`).toBe(200);
    }
    expectTooManyAttempts(
      await client.request("POST", "/api/auth/request-password-reset", { email: uniqueEmail("r") }),
    );

    // A client on this machine counts like any other (TRUST_PROXY names the clients behind a local proxy).
    const local = new IdentityClient(t.app, "127.0.0.1");
    for (let request = 1; request <= 10; request++) {
      const response = await local.request("POST", "/api/auth/request-password-reset", {
        email: uniqueEmail("l"),
      });
      expect(response.statusCode, `local request ${request}`).toBe(200);
    }
    expectTooManyAttempts(
      await local.request("POST", "/api/auth/request-password-reset", { email: uniqueEmail("l") }),
    );

    const email = uniqueEmail("reset-me");
    const elsewhere = () => new IdentityClient(t.app, randomIp());
    for (let request = 1; request <= 3; request++) {
      expect(
        (await elsewhere().request("POST", "/api/auth/request-password-reset", { email })).statusCode,
      ).toBe(200);
    }
    expectTooManyAttempts(await elsewhere().request("POST", "/api/auth/request-password-reset", { email }));
  });

  it("limits sign-ups and token requests for one account", async () => {
    const email = uniqueEmail("eager");
    const signUpAgain = () =>
      new IdentityClient(t.app, randomIp()).signUp({ name: "Eager", email, password: PASSWORD });
    const client = new IdentityClient(t.app, randomIp());
    expect((await client.signUp({ name: "Eager", email, password: PASSWORD })).statusCode).toBe(200);
    // Sign-ups 2 to 5 fail (the account exists) but are not limited; the sixth is.
    const again = await Promise.all([signUpAgain(), signUpAgain(), signUpAgain(), signUpAgain()]);
    for (const response of again) expect(response.statusCode).not.toBe(429);
    expectTooManyAttempts(await signUpAgain());

    const tokens = await Promise.all(
      Array.from({ length: 30 }, () => client.request("PUT", `/api/user/${email}`)),
    );
    for (const response of tokens) expect(response.statusCode).toBe(200);
    expectTooManyAttempts(await client.request("PUT", `/api/user/${email}`));
  });
});

describe("rate limits multiplied by RATE_LIMIT_FACTOR", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind: "pglite" }, { env: { RATE_LIMIT_FACTOR: "2" } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("allows twice the reset mails per address, and refuses the next", async () => {
    const client = new IdentityClient(t.app, "127.0.0.1");
    const reset = () =>
      client.request("POST", "/api/auth/request-password-reset", { email: uniqueEmail("f") });
    for (let request = 1; request <= 20; request++) {
      expect((await reset()).statusCode, `request ${request}`).toBe(200);
    }
    expectTooManyAttempts(await reset());
  });
});

describe("rate limits when Redis is unreachable", () => {
  let t: TestApp;
  beforeAll(async () => {
    // Nothing listens on port 1: every Redis command fails at once.
    t = await createTestApp({ kind: "pglite" }, { env: { REDIS_URL: "redis://127.0.0.1:1" } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("still starts, and counts in the process instead of answering 500", async () => {
    const email = uniqueEmail("offline");
    await signUp(t.app, email);
    const ip = randomIp();
    await tenWrongSignIns([t.app], email, ip);
    expectTooManyAttempts(await new IdentityClient(t.app, ip).signIn(email, PASSWORD));
  });
});

const redis = testRedis();

describe.skipIf(redis.skip)(`rate limits ${redis.title}`, () => {
  // Two processes sharing one Redis (a minute's window), and one with a short window.
  let first: TestApp;
  let second: TestApp;
  let short: TestApp;
  // Another shop on the same Redis (staging beside production), told apart by REDIS_PREFIX.
  let otherShop: TestApp;
  beforeAll(async () => {
    const env = redis.env;
    [first, second, short, otherShop] = await Promise.all([
      createTestApp({ kind: "pglite" }, { env }),
      createTestApp({ kind: "pglite" }, { env }),
      createTestApp({ kind: "pglite" }, { env, rateLimitWindowMs: SHORT_WINDOW_MS }),
      createTestApp({ kind: "pglite" }, { env: { ...env, REDIS_PREFIX: `${redis.prefix}other-shop:` } }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([first?.close(), second?.close(), short?.close(), otherShop?.close()]);
  });

  it("shares the count between two app instances: the tenth attempt is refused by either", async () => {
    // Attempts alternate between the two processes; each alone sees only five of them.
    const email = uniqueEmail("shared");
    await signUp(first.app, email);
    const ip = randomIp();
    await tenWrongSignIns([first.app, second.app], email, ip);
    for (const app of [first.app, second.app]) {
      expectTooManyAttempts(await new IdentityClient(app, ip).signIn(email, PASSWORD));
    }
  });

  it("keeps another shop's count apart when its REDIS_PREFIX differs", async () => {
    const email = uniqueEmail("other-shop");
    await signUp(otherShop.app, email);
    const ip = randomIp();
    await tenWrongSignIns([first.app], email, ip);
    expectTooManyAttempts(await new IdentityClient(second.app, ip).signIn(email, PASSWORD));
    expect((await new IdentityClient(otherShop.app, ip).signIn(email, PASSWORD)).statusCode).toBe(200);
  });

  it("lets the right password in once the window has passed", async () => {
    const email = uniqueEmail("redis");
    await signUp(short.app, email);
    const ip = randomIp();
    await tenWrongSignIns([short.app], email, ip);
    await sleep(SHORT_WINDOW_MS);
    expect((await new IdentityClient(short.app, ip).signIn(email, PASSWORD)).statusCode).toBe(200);
  });
});

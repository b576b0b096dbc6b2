// The API's access token dies with the identity session it was issued for: after sign-out, after a
// password reset (which ends every session of the account, the attacker's pre-registered one too),
// and on another process that shares Redis.
import { testDatabaseTargets } from "@toolshop/db/test-support";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { loadConfig } from "../env";
import { IdentityClient, linkIn, outboxMails, uniqueEmail } from "../testing/identity-client";
import { testRedis } from "../testing/redis";
import { createTestApp, type TestApp } from "../testing/test-app";

const PASSWORD = "pliers2024";
const redis = testRedis();

async function signedUp(app: FastifyInstance, email: string) {
  const client = new IdentityClient(app);
  const response = await client.signUp({ name: "Someone", email, password: PASSWORD });
  expect(response.statusCode, response.body).toBe(200);
  return { client, token: await client.accessToken(email) };
}

const myOrders = (app: FastifyInstance, email: string, token: string) =>
  app.inject({ method: "GET", url: `/api/orders/${email}`, headers: { authorization: `Bearer ${token}` } });

for (const target of testDatabaseTargets()) {
  describe.skipIf(target.skip)(`access tokens bound to their session ${target.title}`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(target.options);
    });
    afterAll(async () => {
      await t?.close();
    });

    it("refuses the token of a session that signed out, and keeps the account's other sessions", async () => {
      const email = uniqueEmail("leaver");
      const phone = await signedUp(t.app, email);
      const laptop = new IdentityClient(t.app);
      expect((await laptop.signIn(email, PASSWORD)).statusCode).toBe(200);
      const laptopToken = await laptop.accessToken(email);
      expect((await myOrders(t.app, email, phone.token)).statusCode).toBe(200);

      expect((await phone.client.request("POST", "/api/auth/sign-out", {})).statusCode).toBe(200);

      const refused = await myOrders(t.app, email, phone.token);
      expect(refused.statusCode).toBe(401);
      expect(refused.json().message).toBe("Your sign-in has expired or is not valid. Please sign in again.");
      expect((await myOrders(t.app, email, laptopToken)).statusCode).toBe(200);
    });

    it("ends an attacker's pre-registered session and token when the owner resets the password", async () => {
      const victim = uniqueEmail("victim");
      const attacker = await signedUp(t.app, victim);
      expect((await myOrders(t.app, victim, attacker.token)).statusCode).toBe(200);

      // The owner of the address asks for a reset and follows the mailed link.
      const owner = new IdentityClient(t.app, "203.0.113.7");
      await owner.request("POST", "/api/auth/request-password-reset", { email: victim, redirectTo: "/" });
      const mails = await outboxMails(t.dataDir, victim, 2);
      const resetMail = mails.find((mail) => mail.includes("/reset-password?token=")) ?? "";
      const token = new URL(linkIn(resetMail, "/reset-password?token=")).searchParams.get("token");
      const reset = await owner.request("POST", "/api/auth/reset-password", {
        newPassword: "mine2025again",
        token,
      });
      expect(reset.statusCode, reset.body).toBe(200);

      expect((await myOrders(t.app, victim, attacker.token)).statusCode).toBe(401);
      const session = await attacker.client.request("GET", "/api/auth/get-session");
      expect(session.json()).toBeNull();
      expect((await attacker.client.request("PUT", `/api/user/${victim}`)).statusCode).toBe(401);
    });
  });
}

describe.skipIf(redis.skip)(`a sign-out on one process ends the token on another ${redis.title}`, () => {
  let t: TestApp;
  let other: FastifyInstance;
  beforeAll(async () => {
    t = await createTestApp({ kind: "pglite" }, { env: redis.env });
    // A second app on the same database and Redis: its in-process state knows nothing of the first's.
    const authSecret = "test-secret-that-is-at-least-32-characters";
    const config = loadConfig({
      NODE_ENV: "test",
      LOG_LEVEL: "silent",
      DATA_DIR: t.dataDir,
      AUTH_SECRET: authSecret,
      ...redis.env,
    });
    other = await buildApp({
      config: { ...config, authSecret },
      database: t.database,
      webDistDir: t.dataDir,
    });
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  it("answers 401 on the second process right after the first signed the session out", async () => {
    const email = uniqueEmail("two-processes");
    const { client, token } = await signedUp(t.app, email);
    expect((await myOrders(other, email, token)).statusCode).toBe(200);
    expect((await client.request("POST", "/api/auth/sign-out", {})).statusCode).toBe(200);
    expect((await myOrders(other, email, token)).statusCode).toBe(401);
  });
});

// Identity sessions end when they must: a password reset through the mailed link ends every session of
// the account (the one of whoever pre-registered the address too), and one user holds at most
// MAX_SESSIONS_PER_USER sessions: signing in once more ends the oldest, and its API token with it.
import { queryRows, testDatabaseTargets } from "@toolshop/db/test-support";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_SESSIONS_PER_USER } from "../plugins/auth/identity-records";
import { IdentityClient, linkIn, outboxMails, uniqueEmail } from "../testing/identity-client";
import { createTestApp, type TestApp } from "../testing/test-app";

const PASSWORD = "Hammer2024";

const myOrders = (app: FastifyInstance, email: string, token: string) =>
  app.inject({ method: "GET", url: `/api/orders/${email}`, headers: { authorization: `Bearer ${token}` } });

for (const target of testDatabaseTargets()) {
  describe.skipIf(target.skip)(`identity sessions ${target.title}`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(target.options);
    });
    afterAll(async () => {
      await t?.close();
    });

    const sessionsOf = async (email: string) =>
      (
        await queryRows<{ id: string }>(
          t.database.db,
          sql`select s.id from auth_session s join auth_user u on u.id = s.user_id where u.email = ${email}`,
        )
      ).length;

    it("ends the session of someone who pre-registered the address when the owner resets the password", async () => {
      const victim = uniqueEmail("pre-registered");
      const attacker = new IdentityClient(t.app, "198.51.100.13");
      const signUp = await attacker.signUp({ name: "Not The Owner", email: victim, password: PASSWORD });
      expect(signUp.statusCode, signUp.body).toBe(200);
      expect((await attacker.request("GET", "/api/auth/get-session")).json()?.user.email).toBe(victim);
      const attackerToken = await attacker.accessToken(victim);

      // The owner asks for a reset and follows the link in the mail (the second mail, after the
      // verification mail of the attacker's sign-up).
      const owner = new IdentityClient(t.app, "203.0.113.14");
      const request = await owner.request("POST", "/api/auth/request-password-reset", {
        email: victim,
        redirectTo: "/reset-password",
      });
      expect(request.statusCode).toBe(200);
      const mails = await outboxMails(t.dataDir, victim, 2);
      const resetMail = mails.find((mail) => mail.includes("Subject: Reset your Toolshop password")) ?? "";
      const token = new URL(linkIn(resetMail, "/reset-password?token=")).searchParams.get("token");
      const reset = await owner.request("POST", "/api/auth/reset-password", {
        newPassword: "Owner2025",
        token,
      });
      expect(reset.statusCode, reset.body).toBe(200);

      const session = await attacker.request("GET", "/api/auth/get-session");
      expect(session.statusCode).toBe(200);
      expect(session.json()).toBeNull();
      expect(await sessionsOf(victim)).toBe(0);
      expect((await myOrders(t.app, victim, attackerToken)).statusCode).toBe(401);
      expect((await owner.signIn(victim, "Owner2025")).statusCode).toBe(200);
    });

    it(`keeps ${MAX_SESSIONS_PER_USER} sessions per user: 11 sign-ins leave 10, the oldest ended with its token`, async () => {
      const email = uniqueEmail("many-devices");
      const first = new IdentityClient(t.app, "198.51.100.20");
      expect((await first.signUp({ name: "Many Devices", email, password: PASSWORD })).statusCode).toBe(200);
      const firstToken = await first.accessToken(email);

      const devices: IdentityClient[] = [];
      for (let device = 1; device <= 11; device++) {
        // An address each: the per-account-and-address limit is not what is tested here.
        const client = new IdentityClient(t.app, `198.51.100.${20 + device}`);
        const signIn = await client.signIn(email, PASSWORD);
        expect(signIn.statusCode, signIn.body).toBe(200);
        devices.push(client);
      }

      expect(await sessionsOf(email)).toBe(MAX_SESSIONS_PER_USER);
      // The sign-up's session and the first sign-in's were the oldest.
      for (const oldest of [first, devices[0] as IdentityClient]) {
        expect((await oldest.request("GET", "/api/auth/get-session")).json()).toBeNull();
      }
      expect((await myOrders(t.app, email, firstToken)).statusCode).toBe(401);
      for (const device of devices.slice(1)) {
        expect((await device.request("GET", "/api/auth/get-session")).json()?.user.email).toBe(email);
      }
    });
  });
}

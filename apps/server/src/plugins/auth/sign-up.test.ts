// Sign-up and sign-in through Better Auth at /api/auth: the spec's validation, hashes only, no
// password in any answer or log line.
import { queryRows, testDatabaseTargets } from "@toolshop/db/test-support";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IdentityClient, uniqueEmail } from "../../testing/identity-client";
import { createTestApp, type TestApp } from "../../testing/test-app";

const PASSWORD = "Chisel2024xyz";

for (const target of testDatabaseTargets()) {
  describe.skipIf(target.skip)(`sign-up and sign-in ${target.title}`, () => {
    let t: TestApp;
    const logLines: string[] = [];

    beforeAll(async () => {
      t = await createTestApp(target.options, {
        env: { LOG_LEVEL: "trace" },
        logDestination: { write: (line) => logLines.push(line) },
      });
      // A route that logs what a careless handler might: headers and body.
      t.app.post("/api/test/log-request", (request) => {
        request.log.info({ headers: request.headers, body: request.body }, "request received");
        return { ok: true };
      });
    });
    afterAll(async () => {
      await t?.close();
    });

    async function identityUsers(email: string) {
      return queryRows<{ id: string }>(t.database.db, sql`select id from auth_user where email = ${email}`);
    }

    const badInputs = [
      {
        field: "no name",
        body: { name: "", email: "x1@example.com", password: "abc12345" },
        message: "Name is required",
      },
      {
        field: "blank name",
        body: { name: "   ", email: "x2@example.com", password: "abc12345" },
        message: "Name is required",
      },
      {
        field: "no email",
        body: { name: "Ann", email: "", password: "abc12345" },
        message: "Email is required",
      },
      {
        field: "bad email",
        body: { name: "Ann", email: "ann@example", password: "abc12345" },
        message: "Please Enter Valid Email",
      },
      {
        field: "no password",
        body: { name: "Ann", email: "x3@example.com", password: "" },
        message: "password is required",
      },
      {
        field: "short password",
        body: { name: "Ann", email: "x4@example.com", password: "abc1234" },
        message: "1 capital letter 1number",
      },
      {
        field: "letters only",
        body: { name: "Ann", email: "x5@example.com", password: "abcdefgh" },
        message: "1 capital letter 1number",
      },
      {
        field: "digits only",
        body: { name: "Ann", email: "x6@example.com", password: "12345678" },
        message: "1 capital letter 1number",
      },
      {
        field: "a symbol",
        body: { name: "Ann", email: "x7@example.com", password: "abc1234!" },
        message: "1 capital letter 1number",
      },
    ];

    for (const { field, body, message } of badInputs) {
      it(`refuses a sign-up with ${field}: 400 "${message}", and creates no account`, async () => {
        const response = await new IdentityClient(t.app).signUp(body);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ statusCode: 400, error: "Bad Request", message });
        if (body.email) expect(await identityUsers(body.email)).toEqual([]);
      });
    }

    it("names every problem of an empty sign-up", async () => {
      const response = await new IdentityClient(t.app).request("POST", "/api/auth/sign-up/email", {});
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe("Name is required; Email is required; password is required");
    });

    it("stores the trimmed name as the profile name and the email in lower case", async () => {
      const email = uniqueEmail("Trim");
      const client = new IdentityClient(t.app);
      const response = await client.signUp({
        name: "  Grace Hopper ",
        email: ` ${email.toUpperCase()} `,
        password: PASSWORD,
      });
      expect(response.statusCode, response.body).toBe(200);
      const session = await client.request("GET", "/api/auth/get-session");
      expect(session.json().user).toMatchObject({
        name: "Grace Hopper",
        email: email.toLowerCase(),
        emailVerified: false,
      });
    });

    it("keeps only a hash of the password and never answers or logs it", async () => {
      const email = uniqueEmail("hash");
      const client = new IdentityClient(t.app);
      const signUp = await client.signUp({ name: "Hash Check", email, password: PASSWORD });
      expect(signUp.statusCode).toBe(200);
      const wrong = await new IdentityClient(t.app).signIn(email, `${PASSWORD}x`);
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json().message).toBe("Invalid email or password");
      const right = await new IdentityClient(t.app).signIn(email, PASSWORD);
      expect(right.statusCode).toBe(200);

      const [account] = await queryRows<{ password: string }>(
        t.database.db,
        sql`select a.password from auth_account a join auth_user u on u.id = a.user_id where u.email = ${email}`,
      );
      // Better Auth's scrypt format: hex salt, a colon, the hex key.
      expect(account?.password).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
      for (const table of ["auth_user", "auth_account", "auth_session", "auth_verification"]) {
        const rows = await queryRows<{ row: string }>(
          t.database.db,
          sql`select row_to_json(t)::text as row from ${sql.identifier(table)} t`,
        );
        expect(rows.map((r) => r.row).join("\n"), table).not.toContain(PASSWORD);
      }

      for (const response of [signUp, wrong, right]) expect(response.body).not.toContain(PASSWORD);
      const log = logLines.join("");
      expect(log).toContain("/api/auth/sign-in/email");
      expect(log).not.toContain(PASSWORD);
    });

    it("redacts credentials from anything a handler logs", async () => {
      await t.app.inject({
        method: "POST",
        url: "/api/test/log-request",
        headers: {
          authorization: "Bearer secret-token-value",
          cookie: "toolshop.session_token=secret-cookie-value",
        },
        payload: { email: "a@example.com", password: "secret-password-value" },
      });
      const log = logLines.join("");
      expect(log).toContain("request received");
      for (const secret of ["secret-token-value", "secret-cookie-value", "secret-password-value"]) {
        expect(log).not.toContain(secret);
      }
    });

    it("keeps one-time tokens out of the request log", async () => {
      await t.app.inject({
        method: "GET",
        url: "/api/auth/verify-email?token=one-time-secret&callbackURL=/verify-email",
      });
      await t.app.inject({ method: "GET", url: "/api/auth/reset-password/another-secret?callbackURL=/x" });
      const log = logLines.join("");
      expect(log).toContain("/api/auth/verify-email?token=%5Bredacted%5D");
      expect(log).not.toContain("one-time-secret");
      expect(log).not.toContain("another-secret");
    });
  });
}

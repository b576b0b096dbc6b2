// No password, one-time token, mailed link, session id or access token in any log line, at any level:
// a whole account's life (sign-up, verification, reset, sign-in, token, API calls, sign-out) at trace.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IdentityClient, linkIn, outboxMails, uniqueEmail } from "../testing/identity-client";
import { createTestApp, type TestApp } from "../testing/test-app";

const PASSWORD = "firstpass2024";
const NEW_PASSWORD = "secondpass2025";

describe("secrets in the log", () => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    t = await createTestApp(
      { kind: "pglite" },
      { env: { LOG_LEVEL: "trace" }, logDestination: { write: (line) => lines.push(line) } },
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  it("writes none of them, and says where a mail is rather than what it holds", async () => {
    const email = uniqueEmail("secretive");
    const secrets: string[] = [PASSWORD, NEW_PASSWORD];
    const client = new IdentityClient(t.app);
    const signUp = await client.signUp({ name: "Secretive", email, password: PASSWORD });
    expect(signUp.statusCode, signUp.body).toBe(200);
    secrets.push(...sessionCookieValues(signUp.headers["set-cookie"]));

    const [verification = ""] = await outboxMails(t.dataDir, email);
    const verifyLink = new URL(linkIn(verification, "/api/auth/verify-email?token="));
    secrets.push(verifyLink.searchParams.get("token") ?? "missing");
    expect((await client.request("GET", verifyLink.pathname + verifyLink.search)).statusCode).toBeLessThan(
      400,
    );

    await client.request("POST", "/api/auth/request-password-reset", { email, redirectTo: "/" });
    const mails = await outboxMails(t.dataDir, email, 2);
    const resetLink = new URL(
      linkIn(mails.find((mail) => mail.includes("/reset-password?token=")) ?? "", "token="),
    );
    const resetToken = resetLink.searchParams.get("token") ?? "missing";
    secrets.push(resetToken);
    // The token also travels in a path: Better Auth's GET /reset-password/<token> redirects to the page.
    await client.request("GET", `/api/auth/reset-password/${resetToken}?callbackURL=%2Freset-password`);
    await client.request("POST", "/api/auth/reset-password", {
      newPassword: NEW_PASSWORD,
      token: resetToken,
    });
    // A failed sign-in is logged (a security event), without the password tried.
    await new IdentityClient(t.app).signIn(email, PASSWORD);

    const signIn = await client.signIn(email, NEW_PASSWORD);
    expect(signIn.statusCode).toBe(200);
    secrets.push(...sessionCookieValues(signIn.headers["set-cookie"]));
    const accessToken = await client.accessToken(email);
    secrets.push(accessToken);
    await t.app.inject({
      method: "GET",
      url: `/api/orders/${email}`,
      headers: { authorization: `Bearer ${accessToken}` },
    });
    await client.request("POST", "/api/auth/sign-out", {});

    expect(lines.length).toBeGreaterThan(10);
    const log = lines.join("");
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThan(7);
      expect(log.includes(secret), `a secret (${secret.slice(0, 4)}…) is in the log`).toBe(false);
    }
    const outboxLines = lines.filter((line) => line.includes("mail written to the outbox"));
    expect(outboxLines.length).toBeGreaterThanOrEqual(2);
    for (const line of outboxLines) {
      expect(JSON.parse(line)).toMatchObject({ file: expect.stringContaining(`${t.dataDir}/mail/`) });
      expect(line).not.toMatch(/https?:\/\//);
    }
  });
});

/** The values of the session cookies a response sets (the signed token and its signature part). */
function sessionCookieValues(header: unknown): string[] {
  const lines = Array.isArray(header) ? header : header ? [String(header)] : [];
  return (lines as string[])
    .map((line) => line.split(";")[0] ?? "")
    .filter((pair) => pair.includes("session_token="))
    .flatMap((pair) => {
      const value = decodeURIComponent(pair.slice(pair.indexOf("=") + 1));
      // The cookie is "<token>.<signature>": neither part may show.
      return [value, ...value.split(".")].filter((part) => part.length > 7);
    });
}

// A failed sign-in is a security event: logged with the account it targeted, the client's address and
// the request id, never the password tried; a successful one is not logged as failed.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_ORIGIN, uniqueEmail } from "../testing/identity-client";
import { createTestApp, type TestApp } from "../testing/test-app";

const PASSWORD = "Wrench2024";
const WRONG_PASSWORD = "Guessed-But-Wrong-2024";

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  event?: string;
  account?: string;
  clientIp?: string;
  requestId?: string;
  clientRequestId?: string;
}

describe("failed sign-ins in the log (PGlite)", () => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    t = await createTestApp(
      { kind: "pglite" },
      { env: { LOG_LEVEL: "info" }, logDestination: { write: (line) => lines.push(line) } },
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  const signIn = (email: string, password: string, requestId: string, ip: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      remoteAddress: ip,
      headers: { origin: TEST_ORIGIN, "x-request-id": requestId },
      payload: { email, password },
    });
  const failures = () =>
    lines.map((line) => JSON.parse(line) as LogLine).filter((line) => line.event === "sign-in-failed");

  it("names the account, the address and the request, not the password", async () => {
    const email = uniqueEmail("Target");
    const signUp = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-up/email",
      remoteAddress: "198.51.100.50",
      headers: { origin: TEST_ORIGIN },
      payload: { name: "Target", email, password: PASSWORD },
    });
    expect(signUp.statusCode, signUp.body).toBe(200);

    expect(
      (await signIn(email.toUpperCase(), WRONG_PASSWORD, "req-wrong-1", "203.0.113.51")).statusCode,
    ).toBe(401);
    expect((await signIn(email, PASSWORD, "req-right-1", "203.0.113.51")).statusCode).toBe(200);
    const unknown = uniqueEmail("nobody");
    expect((await signIn(unknown, WRONG_PASSWORD, "req-unknown-1", "203.0.113.52")).statusCode).toBe(401);

    const logged = failures();
    expect(logged).toHaveLength(2);
    expect(logged[0]).toMatchObject({
      level: 40,
      msg: "sign-in failed",
      account: email.toLowerCase(),
      clientIp: "203.0.113.51",
      // The server's own id names the request; the client's is kept beside it.
      requestId: logged[0]?.reqId,
      clientRequestId: "req-wrong-1",
    });
    expect(logged[0]?.reqId).toMatch(/^[0-9a-f-]{36}$/);
    expect(logged[1]).toMatchObject({
      account: unknown,
      clientIp: "203.0.113.52",
      clientRequestId: "req-unknown-1",
    });
    expect(lines.join("")).not.toContain(WRONG_PASSWORD);
    expect(lines.join("")).not.toContain(PASSWORD);
  });
});

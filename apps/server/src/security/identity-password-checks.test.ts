// Every identity endpoint that checks a password counts the attempt as a sign-in of the session's
// account from the client's address (a stolen session cookie gets nine guesses a minute, not unlimited),
// a new password is held to the sign-up rule, and a change of address is counted as a mail.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IdentityClient, uniqueEmail } from "../testing/identity-client";
import { createTestApp, type TestApp } from "../testing/test-app";

const PASSWORD = "Chisel2024";

describe("endpoints that check a password or send mail, for a signed-in user (PGlite)", () => {
  let t: TestApp;
  let addresses = 0;
  const nextIp = () => `198.51.100.${++addresses}`;
  beforeAll(async () => {
    t = await createTestApp({ kind: "pglite" });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function signedIn(ip: string) {
    const email = uniqueEmail("checked");
    const client = new IdentityClient(t.app, ip);
    const signUp = await client.signUp({ name: "Checked", email, password: PASSWORD });
    expect(signUp.statusCode, signUp.body).toBe(200);
    return { client, email };
  }

  it("holds change-password's new password to the sign-up rule", async () => {
    const { client } = await signedIn(nextIp());
    const response = await client.request("POST", "/api/auth/change-password", {
      currentPassword: PASSWORD,
      newPassword: "lettersonly",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      statusCode: 400,
      error: "Bad Request",
      message: "1 capital letter 1number",
    });
  });

  it("counts wrong current passwords of change-password and verify-password with sign-ins: the ninth is refused", async () => {
    const ip = nextIp();
    const { client, email } = await signedIn(ip);
    const statuses: number[] = [];
    for (let guess = 0; guess < 5; guess++) {
      const change = await client.request("POST", "/api/auth/change-password", {
        currentPassword: `Guess${guess}abc`,
        newPassword: "Another2025",
      });
      const verify = await client.request("POST", "/api/auth/verify-password", {
        password: `Guess${guess}xyz`,
      });
      statuses.push(change.statusCode, verify.statusCode);
    }
    // The sign-in that followed the sign-up was the first of the nine.
    expect(statuses.slice(0, 8).every((status) => status === 400 || status === 401)).toBe(true);
    expect(statuses.slice(8)).toEqual([429, 429]);
    // The same budget as signing in to that account from that address.
    expect((await new IdentityClient(t.app, ip).signIn(email, PASSWORD)).statusCode).toBe(429);
    expect((await new IdentityClient(t.app, nextIp()).signIn(email, PASSWORD)).statusCode).toBe(200);
  });

  it("counts change-email requests as mails to the new address", async () => {
    const { client } = await signedIn(nextIp());
    const newEmail = uniqueEmail("moved");
    const statuses: number[] = [];
    for (let request = 0; request < 4; request++) {
      statuses.push((await client.request("POST", "/api/auth/change-email", { newEmail })).statusCode);
    }
    expect(statuses.slice(0, 3).every((status) => status !== 429)).toBe(true);
    expect(statuses[3]).toBe(429);
  });
});

import { ACCESS_TOKEN_LIFETIME_SECONDS } from "@toolshop/shared/constants";
import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { accessTokens } from "./access-token";

const SECRET = "a-test-secret-that-is-long-enough-for-hkdf";
const user = (n: number) => ({
  id: `user-${n}`,
  email: `customer-${n}@example.com`,
  sessionId: `session-${n}`,
});

/** A clock the test moves: real time plus an offset. */
function movableClock() {
  let offsetMs = 0;
  return { now: () => Date.now() + offsetMs, advance: (ms: number) => (offsetMs += ms) };
}

describe("access tokens: verification, remembered until they expire", () => {
  it("answers the token's user, the same on a second call", async () => {
    const tokens = accessTokens(SECRET);
    const token = await tokens.sign(user(1));
    expect(await tokens.verify(token)).toEqual(user(1));
    expect(await tokens.verify(token)).toEqual(user(1));
  });

  it("refuses a remembered token once it has expired", async () => {
    const clock = movableClock();
    const tokens = accessTokens(SECRET, { now: clock.now });
    const token = await tokens.sign(user(1));
    await tokens.verify(token);
    clock.advance(ACCESS_TOKEN_LIFETIME_SECONDS * 1000 - 5_000);
    expect(await tokens.verify(token)).toEqual(user(1));
    clock.advance(10_000);
    await expect(tokens.verify(token)).rejects.toThrow();
    // Still refused: the expired entry is gone, and jose sees the same clock.
    await expect(tokens.verify(token)).rejects.toThrow();
  });

  it("refuses other spellings of a remembered token: a changed signature, payload or case", async () => {
    const tokens = accessTokens(SECRET);
    const token = await tokens.sign(user(1));
    await tokens.verify(token);
    const [header, payload, signature = ""] = token.split(".");
    const flipped = `${signature.slice(0, -2)}${signature.endsWith("AA") ? "BA" : "AA"}`;
    const otherPayload = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload ?? "", "base64url").toString()), sub: "user-2" }),
    ).toString("base64url");
    for (const forged of [
      `${header}.${payload}.${flipped}`,
      `${header}.${otherPayload}.${signature}`,
      token.toUpperCase(),
    ]) {
      await expect(tokens.verify(forged)).rejects.toThrow();
    }
  });

  it("refuses a token signed with another secret, even with the same claims", async () => {
    const ours = accessTokens(SECRET);
    const theirs = accessTokens(`${SECRET}-other`);
    await ours.verify(await ours.sign(user(1)));
    await expect(ours.verify(await theirs.sign(user(1)))).rejects.toThrow();
  });

  it("refuses an unsigned (alg none) token", async () => {
    const tokens = accessTokens(SECRET);
    const header = Buffer.from(JSON.stringify({ alg: "none", typ: "JWT" })).toString("base64url");
    const claims = { sub: "user-1", email: "a@example.com", sid: "s", iss: "toolshop", aud: "toolshop-api" };
    const payload = Buffer.from(
      JSON.stringify({ ...claims, exp: Math.floor(Date.now() / 1000) + 600 }),
    ).toString("base64url");
    await expect(tokens.verify(`${header}.${payload}.`)).rejects.toThrow();
    // And an HS256 token with the right claims but a key of our choosing.
    const forged = await new SignJWT({ email: "a@example.com", sid: "s" })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject("user-1")
      .setIssuer("toolshop")
      .setAudience("toolshop-api")
      .setExpirationTime("10m")
      .sign(new TextEncoder().encode("guessed"));
    await expect(tokens.verify(forged)).rejects.toThrow();
  });

  it("keeps verifying correctly beyond the number it remembers", async () => {
    const tokens = accessTokens(SECRET, { remembered: 2 });
    const signed = await Promise.all([1, 2, 3, 4].map((n) => tokens.sign(user(n))));
    for (const round of [1, 2]) {
      for (const [index, token] of signed.entries()) {
        expect(await tokens.verify(token), `round ${round}`).toEqual(user(index + 1));
      }
    }
  });
});

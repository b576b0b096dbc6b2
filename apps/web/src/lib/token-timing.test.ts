import { describe, expect, it } from "vitest";
import { makeToken } from "../test/fake-accounts-api";
import { isTokenExpired, readTokenClaims, refreshDelayMs, tokenExpiresAt } from "./token-timing";

const NOW = Date.UTC(2030, 0, 1, 12, 0, 0);
const IN_ONE_HOUR = makeToken({ email: "ann@example.com", exp: NOW / 1000 + 3600 });

describe("the access token's timing (docs/product.md section 9)", () => {
  it("reads the expiry and the email from the JWT's payload", () => {
    expect(tokenExpiresAt(IN_ONE_HOUR)).toBe(NOW + 3_600_000);
    expect(readTokenClaims(IN_ONE_HOUR)?.email).toBe("ann@example.com");
  });

  it("is refreshed 5 minutes before it expires", () => {
    expect(refreshDelayMs(IN_ONE_HOUR, NOW)).toBe(55 * 60 * 1000);
    expect(refreshDelayMs(IN_ONE_HOUR, NOW + 55 * 60 * 1000 - 1)).toBe(1);
    // Already inside the last 5 minutes: refresh now.
    expect(refreshDelayMs(IN_ONE_HOUR, NOW + 58 * 60 * 1000)).toBe(0);
  });

  it("is treated as expired 30 s before its real expiry", () => {
    const expiry = NOW + 3_600_000;
    expect(isTokenExpired(IN_ONE_HOUR, expiry - 30_001)).toBe(false);
    expect(isTokenExpired(IN_ONE_HOUR, expiry - 30_000)).toBe(true);
    expect(isTokenExpired(IN_ONE_HOUR, expiry + 1)).toBe(true);
  });

  it("treats a token without a readable expiry as expired and due now", () => {
    for (const broken of ["not-a-jwt", "a.b.c", makeToken({ email: "ann@example.com" })]) {
      expect(isTokenExpired(broken, NOW)).toBe(true);
      expect(refreshDelayMs(broken, NOW)).toBe(0);
    }
  });
});

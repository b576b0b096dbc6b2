import { TOKEN_EXPIRY_SKEW_MS, TOKEN_REFRESH_BEFORE_EXPIRY_MS } from "@toolshop/shared/constants";

// When the access token (a JWT) expires and whom it was issued to. The client never verifies it (the
// server does); it only decides when to ask for a new one.

interface TokenClaims {
  /** Expiry, in seconds since the epoch. */
  exp?: number;
  email?: string;
}

/** The JWT's payload, or null when the string is not a JWT with a JSON payload. */
export function readTokenClaims(token: string): TokenClaims | null {
  const payload = token.split(".")[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, "+").replace(/_/g, "/");
    const json = new TextDecoder().decode(Uint8Array.from(atob(base64), (char) => char.charCodeAt(0)));
    const claims: unknown = JSON.parse(json);
    return claims && typeof claims === "object" ? (claims as TokenClaims) : null;
  } catch {
    return null;
  }
}

/** When the token expires, in ms since the epoch; null when it carries no readable expiry. */
export function tokenExpiresAt(token: string): number | null {
  const exp = readTokenClaims(token)?.exp;
  return typeof exp === "number" ? exp * 1000 : null;
}

/** docs/product.md section 9: a token is treated as expired 30 s before its real expiry. */
export function isTokenExpired(token: string, now = Date.now()): boolean {
  const expiresAt = tokenExpiresAt(token);
  return expiresAt === null || now >= expiresAt - TOKEN_EXPIRY_SKEW_MS;
}

/** docs/product.md section 9: how long to wait before refreshing, 5 minutes before expiry (0: refresh now). */
export function refreshDelayMs(token: string, now = Date.now()): number {
  const expiresAt = tokenExpiresAt(token);
  return expiresAt === null ? 0 : Math.max(0, expiresAt - TOKEN_REFRESH_BEFORE_EXPIRY_MS - now);
}

// The API's access token (docs/architecture.md section 6): an HS256 JWT that any API process can verify without
// a database call. Its key is derived from the auth secret, so it differs from the key Better Auth
// signs its own tokens with.
import { hkdfSync } from "node:crypto";
import { ACCESS_TOKEN_LIFETIME_SECONDS } from "@toolshop/shared/constants";
import { jwtVerify, SignJWT } from "jose";
import { LRUCache } from "lru-cache";

const ISSUER = "toolshop";
const AUDIENCE = "toolshop-api";
const ALGORITHM = "HS256";

/** Who the token was issued to. */
export interface TokenUser {
  /** users.id */
  id: string;
  email: string;
  /** The identity session the token was issued for: the token dies with it. */
  sessionId: string;
}

export interface AccessTokens {
  sign(user: TokenUser): Promise<string>;
  /** The token's user; throws when the token is malformed, forged, expired or not ours. */
  verify(token: string): Promise<TokenUser>;
}

/**
 * How many verified tokens a process remembers, the least recently used forgotten first. A signed-in
 * visitor sends the same token with every call for its whole lifetime, and each verification through WebCrypto cost a sixth of the server's
 * time on the signed-in calls (bench/results/latest.md); 10,000 tokens are about 3 MB.
 */
export const VERIFIED_TOKENS_REMEMBERED = 10_000;

export interface AccessTokenOptions {
  /** The clock, in ms (tests move it). */
  now?: () => number;
  /** How many verified tokens to remember (tests lower it). */
  remembered?: number;
}

export function accessTokens(
  authSecret: string,
  { now = Date.now, remembered = VERIFIED_TOKENS_REMEMBERED }: AccessTokenOptions = {},
): AccessTokens {
  const key = new Uint8Array(hkdfSync("sha256", authSecret, "toolshop", "access-token-signing-key", 32));
  // Keyed by the whole token: a hit means these exact bytes passed jwtVerify. Only the expiry can
  // change the verdict since, and it is checked on every hit; revocation is the guard's own check.
  const verified = new LRUCache<string, { user: TokenUser; expiresAtMs: number }>({ max: remembered });
  return {
    sign: (user) =>
      new SignJWT({ email: user.email, sid: user.sessionId })
        .setProtectedHeader({ alg: ALGORITHM, typ: "JWT" })
        .setSubject(user.id)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${ACCESS_TOKEN_LIFETIME_SECONDS}s`)
        .sign(key),
    async verify(token) {
      const known = verified.get(token);
      if (known) {
        if (now() < known.expiresAtMs) return known.user;
        verified.delete(token);
      }
      const { payload } = await jwtVerify(token, key, {
        algorithms: [ALGORITHM],
        issuer: ISSUER,
        audience: AUDIENCE,
        requiredClaims: ["sub", "exp", "sid"],
        currentDate: new Date(now()),
      });
      if (
        typeof payload.sub !== "string" ||
        typeof payload.email !== "string" ||
        typeof payload.sid !== "string"
      ) {
        throw new Error("The token does not name a user and a session.");
      }
      const user = Object.freeze({ id: payload.sub, email: payload.email, sessionId: payload.sid });
      // jose refuses the token once the clock reaches exp (seconds): the same instant, in ms.
      verified.set(token, { user, expiresAtMs: (payload.exp as number) * 1000 });
      return user;
    },
  };
}

// The API's access token (DESIGN.md section 6): an HS256 JWT that any API process can verify without
// a database call. Its key is derived from the auth secret, so it differs from the key Better Auth
// signs its own tokens with.
import { hkdfSync } from "node:crypto";
import { ACCESS_TOKEN_LIFETIME_SECONDS } from "@toolshop/shared/constants";
import { jwtVerify, SignJWT } from "jose";

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

export function accessTokens(authSecret: string): AccessTokens {
  const key = new Uint8Array(hkdfSync("sha256", authSecret, "toolshop", "access-token-signing-key", 32));
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
      const { payload } = await jwtVerify(token, key, {
        algorithms: [ALGORITHM],
        issuer: ISSUER,
        audience: AUDIENCE,
        requiredClaims: ["sub", "exp", "sid"],
      });
      if (
        typeof payload.sub !== "string" ||
        typeof payload.email !== "string" ||
        typeof payload.sid !== "string"
      ) {
        throw new Error("The token does not name a user and a session.");
      }
      return { id: payload.sub, email: payload.email, sessionId: payload.sid };
    },
  };
}

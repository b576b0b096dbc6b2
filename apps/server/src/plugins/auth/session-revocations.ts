// The API's access token is bound to the identity session it was issued for (its `sid` claim). When a
// session ends (sign-out, password reset, the session cap, an expiry sweep), the identity service's
// session-delete hook records it here, and every process refuses the session's tokens from then on.
// Checked on every signed-in call, so it must be cheap: a Redis EXISTS when Redis is configured (every
// process sees a revocation at once), a Map otherwise. An entry only needs to outlive the longest-lived
// token issued for the session.
import { authSession } from "@toolshop/db/schema";
import { ACCESS_TOKEN_LIFETIME_SECONDS } from "@toolshop/shared/constants";
import { and, eq, gt } from "drizzle-orm";
import type { FastifyInstance } from "fastify";

export interface SessionRevocations {
  /** Refuses every access token issued for this identity session, in every process. */
  revoke(sessionId: string): Promise<void>;
  /** Whether tokens of this identity session must be refused. */
  isRevoked(sessionId: string): Promise<boolean>;
}

declare module "fastify" {
  interface FastifyInstance {
    sessionRevocations: SessionRevocations;
  }
}

/** A token lives an hour at most; a minute more covers clocks that disagree a little. */
const ENTRY_TTL_SECONDS = ACCESS_TOKEN_LIFETIME_SECONDS + 60;
// After the client's key prefix, REDIS_PREFIX (plugins/redis.ts).
const redisKey = (sessionId: string) => `revoked-session:${sessionId}`;

export function registerSessionRevocations(app: FastifyInstance): void {
  const local = new Map<string, number>();
  const forgetExpired = (now: number) => {
    for (const [id, expiresAt] of local) if (expiresAt <= now) local.delete(id);
  };

  // Redis unreachable: the session table is the truth (a row that is gone or expired is revoked).
  const sessionIsGone = async (sessionId: string) => {
    const [row] = await app.db
      .select({ id: authSession.id })
      .from(authSession)
      .where(and(eq(authSession.id, sessionId), gt(authSession.expiresAt, new Date())));
    return row === undefined;
  };

  const revocations: SessionRevocations = {
    async revoke(sessionId) {
      const now = Date.now();
      if (local.size > 10_000) forgetExpired(now);
      local.set(sessionId, now + ENTRY_TTL_SECONDS * 1000);
      if (!app.redis) return;
      try {
        await app.redis.set(redisKey(sessionId), "1", "EX", ENTRY_TTL_SECONDS);
      } catch (error) {
        // Other processes then find the session row gone when they fall back to the database.
        app.log.warn({ err: error }, "session revocation: Redis failed; other processes check the database");
      }
    },
    async isRevoked(sessionId) {
      const expiresAt = local.get(sessionId);
      if (expiresAt !== undefined && expiresAt > Date.now()) return true;
      if (!app.redis) return false;
      try {
        return (await app.redis.exists(redisKey(sessionId))) === 1;
      } catch {
        return sessionIsGone(sessionId);
      }
    },
  };
  app.decorate("sessionRevocations", revocations);
}

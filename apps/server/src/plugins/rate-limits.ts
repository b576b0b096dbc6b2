import { createHash } from "node:crypto";
import { TOO_MANY_ATTEMPTS_MESSAGE } from "@toolshop/shared/auth";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { HttpError } from "../lib/http-errors";
import {
  MemoryRateLimitStore,
  RateLimiter,
  type RateLimitRule,
  RedisRateLimitStore,
} from "../lib/rate-limiter";

/**
 * Attempts allowed per window (a minute unless the app is built with another window), per client IP
 * and per account (the email the request is about). The per-account limits stop password guessing
 * against one account from many addresses; the per-IP ones stop one client from trying many accounts.
 * Clients on this machine (loopback) have no per-IP limit: they are the browser tests. Behind a reverse
 * proxy on the same host, TRUST_PROXY must be set so that request.ip is the real client, not loopback.
 */
export const RATE_LIMITS = {
  // The tenth sign-in attempt for one account within a window is refused.
  signIn: { perIp: { max: 60 }, perAccount: { max: 9 } },
  signUp: { perIp: { max: 30 }, perAccount: { max: 5 } },
  // Password-reset and verification mails.
  accountMail: { perIp: { max: 10 }, perAccount: { max: 3 } },
  // PUT /api/user/:email: after every sign-in and every token refresh.
  tokenIssue: { perIp: { max: 120 }, perAccount: { max: 30 } },
  // POST /api/quotes: each request mails the sales team; the account is the visitor's email.
  quoteRequest: { perIp: { max: 5 }, perAccount: { max: 3 } },
} satisfies Record<string, { perIp: RateLimitRule; perAccount: RateLimitRule }>;

export type RateLimitedAction = keyof typeof RATE_LIMITS;

export const DEFAULT_RATE_LIMIT_WINDOW_MS = 60_000;

declare module "fastify" {
  interface FastifyInstance {
    /**
     * Counts one attempt at `action` by this client (and for `account`, an email, when known);
     * answers 429 "Too many attempts, try again in a minute" (with Retry-After) when over a limit.
     */
    enforceRateLimit(
      request: FastifyRequest,
      reply: FastifyReply,
      action: RateLimitedAction,
      account?: string | undefined,
    ): Promise<void>;
  }
}

/** The limiter: in Redis when the app has one (shared by every process), otherwise in memory. */
export function registerRateLimits(app: FastifyInstance, windowMs = DEFAULT_RATE_LIMIT_WINDOW_MS): void {
  const fallback = new MemoryRateLimitStore();
  const limiter = new RateLimiter({
    windowMs,
    store: app.redis ? new RedisRateLimitStore(app.redis) : fallback,
    fallback,
    onStoreError: (error) =>
      app.log.warn({ err: error }, "rate limits: Redis failed; counting in this process until it answers"),
    onStoreRecovered: () => app.log.info("rate limits: counting in Redis again"),
  });

  app.decorate(
    "enforceRateLimit",
    async (request: FastifyRequest, reply: FastifyReply, action: RateLimitedAction, account?: string) => {
      const rules = RATE_LIMITS[action];
      const checks: { key: string; rule: RateLimitRule }[] = [];
      if (!isLoopback(request.ip)) checks.push({ key: `${action}:ip:${request.ip}`, rule: rules.perIp });
      const email = account?.trim().toLowerCase();
      if (email) checks.push({ key: `${action}:account:${digest(email)}`, rule: rules.perAccount });

      const decision = await limiter.hit(checks);
      if (decision.allowed) return;
      request.log.info({ action }, "rate limit reached");
      reply.header("retry-after", String(Math.ceil(decision.retryAfterMs / 1000)));
      throw new HttpError(429, TOO_MANY_ATTEMPTS_MESSAGE);
    },
  );
}

function isLoopback(ip: string): boolean {
  return ip === "::1" || ip.startsWith("127.") || ip.startsWith("::ffff:127.");
}

/** Keys name accounts by a digest: no email addresses in Redis. */
function digest(email: string): string {
  return createHash("sha256").update(email).digest("base64url").slice(0, 22);
}

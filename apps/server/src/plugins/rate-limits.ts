import { createHash } from "node:crypto";
import { TOO_MANY_ATTEMPTS_MESSAGE } from "@toolshop/shared/paths";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { HttpError } from "../lib/http-errors";
import {
  MemoryRateLimitStore,
  RateLimiter,
  type RateLimitRule,
  RedisRateLimitStore,
} from "../lib/rate-limiter";

export type RateLimitedAction =
  | "signIn"
  | "signUp"
  | "accountMail"
  | "tokenIssue"
  | "quoteRequest"
  | "taxDocumentPdf";

/** The limits of one action; an account is the email the request is about. */
export interface RateLimitRules {
  perIp: RateLimitRule;
  perAccount?: RateLimitRule;
  /** Counted per account and address together. */
  perAccountAndIp?: RateLimitRule;
}

/**
 * Attempts allowed per window (a minute unless the app is built with another window), each multiplied
 * by RATE_LIMIT_FACTOR. Every client counts, loopback included: behind a reverse proxy on the same
 * host, TRUST_PROXY must be set so that request.ip is the real client, not the proxy.
 */
export const RATE_LIMITS: Readonly<Record<RateLimitedAction, RateLimitRules>> = {
  // Password guesses: per account and address together, so that an attacker's failures elsewhere
  // cannot lock the owner out; the tenth attempt for one account from one address is refused.
  signIn: { perIp: { max: 60 }, perAccountAndIp: { max: 9 } },
  // Per account: each sign-up or mail request mails that address, so these stop mail floods.
  signUp: { perIp: { max: 30 }, perAccount: { max: 5 } },
  // Password-reset, verification and change-of-address mails.
  accountMail: { perIp: { max: 10 }, perAccount: { max: 3 } },
  // PUT /api/user/:email: after every sign-in and every token refresh.
  tokenIssue: { perIp: { max: 120 }, perAccount: { max: 30 } },
  // POST /api/quotes: each request mails the sales team; the account is the visitor's email.
  quoteRequest: { perIp: { max: 5 }, perAccount: { max: 3 } },
  // An invoice or credit note PDF is drawn on each request (milliseconds of CPU): plenty for a person.
  taxDocumentPdf: { perIp: { max: 120 }, perAccount: { max: 60 } },
};

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
  const factor = app.config.rateLimitFactor;
  const scaled = (rule: RateLimitRule): RateLimitRule => ({ max: rule.max * factor });

  app.decorate(
    "enforceRateLimit",
    async (request: FastifyRequest, reply: FastifyReply, action: RateLimitedAction, account?: string) => {
      const rules = RATE_LIMITS[action];
      const ip = request.ip;
      const checks: { key: string; rule: RateLimitRule }[] = [
        { key: `${action}:ip:${ip}`, rule: scaled(rules.perIp) },
      ];
      const email = account?.trim().toLowerCase();
      if (email && rules.perAccount) {
        checks.push({ key: `${action}:account:${digest(email)}`, rule: scaled(rules.perAccount) });
      }
      if (email && rules.perAccountAndIp) {
        checks.push({
          key: `${action}:account-ip:${digest(`${email}\n${ip}`)}`,
          rule: scaled(rules.perAccountAndIp),
        });
      }

      const decision = await limiter.hit(checks);
      if (decision.allowed) return;
      request.log.info({ action }, "rate limit reached");
      reply.header("retry-after", String(Math.ceil(decision.retryAfterMs / 1000)));
      throw new HttpError(429, TOO_MANY_ATTEMPTS_MESSAGE);
    },
  );
}

/** Keys name accounts by a digest: no email addresses in Redis. */
function digest(text: string): string {
  return createHash("sha256").update(text).digest("base64url").slice(0, 22);
}

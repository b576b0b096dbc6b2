import { createHash } from "node:crypto";
import { TOO_MANY_ATTEMPTS_MESSAGE } from "@toolshop/shared/paths";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { RateLimiterAbstract } from "rate-limiter-flexible";
import { HttpError } from "../lib/http-errors";
import { hitAll, type RateLimitRule, windowCounter } from "../lib/rate-limiter";

export type RateLimitedAction =
  | "signIn"
  | "signUp"
  | "accountMail"
  | "tokenIssue"
  | "quoteRequest"
  | "taxDocumentPdf"
  | "stockAlert"
  | "stockAlertLink";

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
  // POST /api/stock-alerts: a visitor's request mails the address, so these stop mail floods.
  stockAlert: { perIp: { max: 10 }, perAccount: { max: 3 } },
  // The alerts' mailed links: their tokens cannot be guessed; this only bounds the attempts.
  stockAlertLink: { perIp: { max: 30 } },
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

/** One action's counters, as its rules name them. */
type ActionCounters = { [Rule in keyof RateLimitRules]: RateLimiterAbstract | undefined };

/** The counters: in Redis when the app has one (shared by every process), otherwise in memory. */
export function registerRateLimits(app: FastifyInstance, windowMs = DEFAULT_RATE_LIMIT_WINDOW_MS): void {
  // Told at most once a window, not for every attempt counted while Redis is away.
  let fallbackToldAt = Number.NEGATIVE_INFINITY;
  const onFallback = () => {
    if (performance.now() - fallbackToldAt < windowMs) return;
    fallbackToldAt = performance.now();
    app.log.warn("rate limits: Redis did not answer; counting in this process until it does");
  };
  const counter = (name: string, rule: RateLimitRule | undefined) =>
    rule &&
    windowCounter({
      name,
      rule: { max: rule.max * app.config.rateLimitFactor },
      windowMs,
      redis: app.redis,
      onFallback,
    });
  // Key names as before the library: rate-limit:<action>:ip:<address> and so on.
  const counters = new Map<RateLimitedAction, ActionCounters>(
    (Object.keys(RATE_LIMITS) as RateLimitedAction[]).map((action) => {
      const rules = RATE_LIMITS[action];
      const counters: ActionCounters = {
        perIp: counter(`${action}:ip`, rules.perIp),
        perAccount: counter(`${action}:account`, rules.perAccount),
        perAccountAndIp: counter(`${action}:account-ip`, rules.perAccountAndIp),
      };
      return [action, counters];
    }),
  );

  app.decorate(
    "enforceRateLimit",
    async (request: FastifyRequest, reply: FastifyReply, action: RateLimitedAction, account?: string) => {
      const { perIp, perAccount, perAccountAndIp } = counters.get(action) as ActionCounters;
      const ip = request.ip;
      const email = account?.trim().toLowerCase();
      const checks = [{ counter: perIp as RateLimiterAbstract, key: ip }];
      if (email && perAccount) checks.push({ counter: perAccount, key: digest(email) });
      if (email && perAccountAndIp) checks.push({ counter: perAccountAndIp, key: digest(`${email}\n${ip}`) });

      const decision = await hitAll(checks);
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

// Fixed-window counters (rate-limiter-flexible, docs/decisions/0004-one-rate-limiter.md): each key
// counts its hits in the current window; the window starts with the key's first hit and the key
// disappears when it ends. In Redis when several processes must share the counts, falling back to
// this process's memory for a call that Redis does not answer; in memory alone without Redis.
import type { Redis } from "ioredis";
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from "rate-limiter-flexible";

export interface RateLimitRule {
  /** Hits allowed per window; the next one is refused. */
  max: number;
}

export interface CounterOptions {
  /** Starts the counter's keys (after the Redis client's own REDIS_PREFIX). */
  name: string;
  rule: RateLimitRule;
  /** Whole seconds with Redis, which expires the counts in seconds. */
  windowMs: number;
  redis?: Redis | undefined;
  /** Called on each hit counted in memory because Redis failed. */
  onFallback?: () => void;
}

/** Counts `rule.max` hits per key and window. */
export function windowCounter({
  name,
  rule,
  windowMs,
  redis,
  onFallback,
}: CounterOptions): RateLimiterAbstract {
  // Redis expires keys in whole seconds: less than one would keep the count for ever.
  if (redis && windowMs % 1000 !== 0) {
    throw new Error(`A rate limit window counted in Redis is whole seconds, not ${windowMs} ms.`);
  }
  const options = { keyPrefix: `rate-limit:${name}`, points: rule.max, duration: windowMs / 1000 };
  if (!redis) return new RateLimiterMemory(options);
  return new RateLimiterRedis({
    ...options,
    storeClient: redis,
    // While the connection is down, counted in memory at once rather than after a failed command.
    rejectIfRedisNotReady: true,
    insuranceLimiter: new FallbackCounter(options, onFallback),
  });
}

/** The memory that a Redis counter's failed calls are counted in, telling of each. */
class FallbackCounter extends RateLimiterMemory {
  constructor(
    options: ConstructorParameters<typeof RateLimiterMemory>[0],
    private readonly onCount: (() => void) | undefined,
  ) {
    super(options);
  }

  override consume(...args: Parameters<RateLimiterMemory["consume"]>): Promise<RateLimiterRes> {
    this.onCount?.();
    return super.consume(...args);
  }
}

export interface RateLimitDecision {
  allowed: boolean;
  /** When refused: how long until the window that refused it ends. */
  retryAfterMs: number;
}

/** Counts one hit against every key; refused when any of them is over its counter's limit. */
export async function hitAll(
  checks: { counter: RateLimiterAbstract; key: string }[],
): Promise<RateLimitDecision> {
  const refusals = await Promise.all(
    checks.map(({ counter, key }) =>
      counter.consume(key).then(
        () => 0,
        (refusal: unknown) => {
          // A refusal is the counter's answer; anything else is a failure of the store.
          if (refusal instanceof RateLimiterRes) return Math.max(refusal.msBeforeNext, 1);
          throw refusal;
        },
      ),
    ),
  );
  const retryAfterMs = Math.max(0, ...refusals);
  return { allowed: retryAfterMs === 0, retryAfterMs };
}

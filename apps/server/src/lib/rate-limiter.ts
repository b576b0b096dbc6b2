// Fixed-window counters: each key counts its hits in the current window; the window starts with the
// key's first hit and the key disappears when it ends. In memory for one process, in Redis when
// several processes must share the counts.
import type { Redis } from "ioredis";

export interface WindowCount {
  /** Hits in the current window, this one included. */
  count: number;
  /** Milliseconds until the window ends. */
  resetInMs: number;
}

export interface RateLimitStore {
  /** Counts one hit for `key`, in a window of `windowMs` that starts at the key's first hit. */
  hit(key: string, windowMs: number): Promise<WindowCount>;
}

export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, { count: number; endsAt: number }>();
  private nextSweepAt = 0;

  async hit(key: string, windowMs: number): Promise<WindowCount> {
    const now = Date.now();
    this.sweep(now);
    let window = this.windows.get(key);
    if (!window || window.endsAt <= now) {
      window = { count: 0, endsAt: now + windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    return { count: window.count, resetInMs: window.endsAt - now };
  }

  /** Forgets ended windows now and then, so that the map does not grow with every IP ever seen. */
  private sweep(now: number): void {
    if (now < this.nextSweepAt) return;
    this.nextSweepAt = now + 60_000;
    for (const [key, window] of this.windows) {
      if (window.endsAt <= now) this.windows.delete(key);
    }
  }
}

// INCR and PEXPIRE in one atomic step: no process can see a counter without its expiry.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`;

export class RedisRateLimitStore implements RateLimitStore {
  constructor(
    private readonly redis: Redis,
    // After the client's own key prefix (REDIS_PREFIX, plugins/redis.ts).
    private readonly prefix = "rate-limit:",
  ) {}

  async hit(key: string, windowMs: number): Promise<WindowCount> {
    const [count, ttl] = (await this.redis.eval(HIT_SCRIPT, 1, this.prefix + key, windowMs)) as [
      number,
      number,
    ];
    return { count, resetInMs: ttl };
  }
}

export interface RateLimitRule {
  /** Hits allowed per window; the next one is refused. */
  max: number;
}

export interface RateLimitDecision {
  allowed: boolean;
  /** When refused: how long until the window that refused it ends. */
  retryAfterMs: number;
}

export interface RateLimiterOptions {
  windowMs: number;
  store: RateLimitStore;
  /** Used for a call whose store failed (Redis down): limits then hold per process. */
  fallback?: MemoryRateLimitStore;
  /** Told once when the store starts failing and once when it works again. */
  onStoreError?: (error: Error) => void;
  onStoreRecovered?: () => void;
}

export class RateLimiter {
  readonly windowMs: number;
  private readonly store: RateLimitStore;
  private readonly fallback: MemoryRateLimitStore;
  private storeFailing = false;

  constructor(private readonly options: RateLimiterOptions) {
    this.windowMs = options.windowMs;
    this.store = options.store;
    this.fallback = options.fallback ?? new MemoryRateLimitStore();
  }

  /** Counts one hit against every key; refused when any of them is over its rule's limit. */
  async hit(checks: { key: string; rule: RateLimitRule }[]): Promise<RateLimitDecision> {
    const counts = await Promise.all(checks.map((check) => this.count(check.key)));
    let retryAfterMs = 0;
    counts.forEach((count, index) => {
      const rule = checks[index]?.rule;
      if (rule && count.count > rule.max) retryAfterMs = Math.max(retryAfterMs, count.resetInMs, 1);
    });
    return { allowed: retryAfterMs === 0, retryAfterMs };
  }

  private async count(key: string): Promise<WindowCount> {
    if (this.store === this.fallback) return this.fallback.hit(key, this.windowMs);
    try {
      const count = await this.store.hit(key, this.windowMs);
      if (this.storeFailing) {
        this.storeFailing = false;
        this.options.onStoreRecovered?.();
      }
      return count;
    } catch (error) {
      if (!this.storeFailing) {
        this.storeFailing = true;
        this.options.onStoreError?.(error as Error);
      }
      return this.fallback.hit(key, this.windowMs);
    }
  }
}

// The counters without an app: one decision over several counters, and the window they count in.
import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { describe, expect, it } from "vitest";
import { hitAll, windowCounter } from "./rate-limiter";

describe("rate limit counters", () => {
  it("refuses when any counter is over its limit, until the longest refusing window ends", async () => {
    const key = randomUUID();
    const perMinute = windowCounter({ name: "test:minute", rule: { max: 2 }, windowMs: 60_000 });
    const perSecond = windowCounter({ name: "test:second", rule: { max: 1 }, windowMs: 1000 });
    const hit = () =>
      hitAll([
        { counter: perMinute, key },
        { counter: perSecond, key },
      ]);
    expect(await hit()).toEqual({ allowed: true, retryAfterMs: 0 });
    const second = await hit();
    expect(second.allowed).toBe(false);
    // Refused by the one-second counter alone (the minute's allows two).
    expect(second.retryAfterMs).toBeGreaterThan(0);
    expect(second.retryAfterMs).toBeLessThanOrEqual(1000);
    const third = await hit();
    // Now both refuse: the answer is the minute's window.
    expect(third.retryAfterMs).toBeGreaterThan(1000);
  });

  it("takes only windows of whole seconds for Redis, the unit it expires keys in", () => {
    // Never connected: the check comes first.
    const redis = new Redis({ lazyConnect: true });
    expect(() => windowCounter({ name: "test:odd", rule: { max: 1 }, windowMs: 1500, redis })).toThrow(
      /whole seconds/,
    );
    // In memory, any window (a test's 1 ms turns the limits off).
    expect(windowCounter({ name: "test:odd", rule: { max: 1 }, windowMs: 1 })).toBeDefined();
  });
});

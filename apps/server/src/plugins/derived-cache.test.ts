import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import type { DomainEventType } from "../lib/domain-events";
import { createDerivedCache } from "./derived-cache";

/** The part of app.events the cache uses: subscriptions this test can fire. */
function appWithEvents() {
  const handlers: { types: readonly DomainEventType[]; handler: () => void }[] = [];
  const resubscribed: (() => void)[] = [];
  const events = {
    mode: "single-process" as "single-process" | "shared" | "degraded",
    subscribe(types: readonly DomainEventType[], _where: string, handler: () => void) {
      handlers.push({ types, handler });
    },
    onResubscribed(handler: () => void) {
      resubscribed.push(handler);
    },
  };
  return {
    app: { events } as unknown as FastifyInstance,
    events,
    fire(type: DomainEventType) {
      for (const { types, handler } of handlers) if (types.includes(type)) handler();
    },
    resubscribe() {
      for (const handler of resubscribed) handler();
    },
  };
}

/** A load that counts its calls and answers `value`. */
function counter(value: unknown) {
  const load = async () => {
    load.calls++;
    return value;
  };
  load.calls = 0;
  return load;
}

describe("derived cache", () => {
  it("loads once, then answers from memory until one of its events", async () => {
    const { app, fire } = appWithEvents();
    const cache = createDerivedCache(app, { invalidatedBy: ["ToolChanged"], maxEntries: 10 });
    const load = counter(42);
    expect(await cache.get("a", load)).toBe(42);
    expect(await cache.get("a", load)).toBe(42);
    expect(load.calls).toBe(1);
    fire("OrderPlaced");
    await cache.get("a", load);
    expect(load.calls).toBe(1);
    fire("ToolChanged");
    await cache.get("a", load);
    expect(load.calls).toBe(2);
  });

  it("starts afresh after a resubscription (events may have been missed)", async () => {
    const { app, resubscribe } = appWithEvents();
    const cache = createDerivedCache(app, { invalidatedBy: ["ToolChanged"], maxEntries: 10 });
    const load = counter(1);
    await cache.get("a", load);
    resubscribe();
    await cache.get("a", load);
    expect(load.calls).toBe(2);
  });

  it("shares one load between concurrent misses", async () => {
    const { app } = appWithEvents();
    const cache = createDerivedCache(app, { invalidatedBy: ["ToolChanged"], maxEntries: 10 });
    const load = counter(1);
    await Promise.all([cache.get("a", load), cache.get("a", load), cache.get("a", load)]);
    expect(load.calls).toBe(1);
  });

  it("does not keep a value read while an event came", async () => {
    const { app, fire } = appWithEvents();
    const cache = createDerivedCache(app, { invalidatedBy: ["ToolChanged"], maxEntries: 10 });
    let release: (value: number) => void = () => {};
    const slow = new Promise<number>((resolve) => {
      release = resolve;
    });
    const pending = cache.get("a", () => slow);
    fire("ToolChanged");
    release(1);
    expect(await pending).toBe(1);
    const load = counter(2);
    expect(await cache.get("a", load)).toBe(2);
    expect(load.calls).toBe(1);
  });

  it("answers a load dropped by an event to every request that waited for it, found or not", async () => {
    const { app, fire } = appWithEvents();
    const cache = createDerivedCache(app, { invalidatedBy: ["ToolChanged"], maxEntries: 10 });
    for (const value of [7, undefined]) {
      let release: (value: number | undefined) => void = () => {};
      const slow = new Promise<number | undefined>((resolve) => {
        release = resolve;
      });
      const waiting = [cache.get("a", () => slow), cache.get("a", () => slow)];
      fire("ToolChanged");
      release(value);
      expect(await Promise.all(waiting)).toEqual([value, value]);
    }
  });

  it("passes a failed load's error on, and keeps nothing", async () => {
    const { app } = appWithEvents();
    const cache = createDerivedCache(app, { invalidatedBy: ["ToolChanged"], maxEntries: 10 });
    await expect(cache.get("a", () => Promise.reject(new Error("database down")))).rejects.toThrow(
      "database down",
    );
    expect(await cache.get("a", counter(3))).toBe(3);
  });

  it("keeps at most maxEntries, dropping the least recently used", async () => {
    const { app } = appWithEvents();
    const cache = createDerivedCache(app, { invalidatedBy: ["ToolChanged"], maxEntries: 2 });
    const loads = { a: counter(1), b: counter(1), c: counter(1) };
    await cache.get("a", loads.a);
    await cache.get("b", loads.b);
    await cache.get("a", loads.a); // a is now the most recently used
    await cache.get("c", loads.c); // b goes
    await cache.get("a", loads.a);
    await cache.get("b", loads.b);
    expect([loads.a.calls, loads.b.calls, loads.c.calls]).toEqual([1, 2, 1]);
  });

  it("never keeps an undefined value (nothing found)", async () => {
    const { app } = appWithEvents();
    const cache = createDerivedCache(app, { invalidatedBy: ["ToolChanged"], maxEntries: 2 });
    const load = counter(undefined); // nothing found
    await cache.get("a", load);
    await cache.get("a", load);
    expect(load.calls).toBe(2);
  });

  it("lets values expire while other processes cannot be heard", async () => {
    const { app, events } = appWithEvents();
    const cache = createDerivedCache(app, { invalidatedBy: ["ToolChanged"], maxEntries: 2 });
    const load = counter(1);
    await cache.get("a", load);
    events.mode = "degraded";
    await new Promise((resolve) => setTimeout(resolve, 1600));
    await cache.get("a", load);
    expect(load.calls).toBe(2);
  });
});

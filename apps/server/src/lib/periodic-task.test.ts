import Fastify from "fastify";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { runPeriodically } from "./periodic-task";

// Fake interval and timeout clocks: each step of the schedule is advanced by hand, so the test says
// exactly which runs happen when, and neither waits nor depends on a busy machine's timing. Fastify's
// own start-up (setImmediate, nextTick) keeps the real ones.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "setTimeout", "clearTimeout"] });
});
afterEach(() => {
  // Spies first (they wrap the fake clocks), then the clocks: the next file in this worker gets both real.
  vi.restoreAllMocks();
  vi.useRealTimers();
});

/** A run that takes `ms` of the fake clock. */
const takes = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

describe("runPeriodically", () => {
  it("runs after each interval once the app is ready, never overlapping, and stops on close", async () => {
    const app = Fastify();
    let started = 0;
    let concurrent = 0;
    let mostConcurrent = 0;
    runPeriodically(app, {
      name: "slow housekeeping",
      everyMs: 10,
      run: async () => {
        started++;
        concurrent++;
        mostConcurrent = Math.max(mostConcurrent, concurrent);
        await takes(35);
        concurrent--;
      },
    });
    await vi.advanceTimersByTimeAsync(100);
    expect(started, "nothing runs before the app is ready").toBe(0);

    await app.ready();
    await vi.advanceTimersByTimeAsync(9);
    expect(started, "the first run comes one interval after start").toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(started).toBe(1);
    // Ticks at 20, 30 and 40 ms find the 35 ms run still going and skip; the tick at 50 starts the next.
    await vi.advanceTimersByTimeAsync(39);
    expect(started).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(started).toBe(2);
    expect(mostConcurrent).toBe(1);

    // The second run (started at 50 ms, 35 ms long) is under way: close waits for it.
    const closed = app.close();
    await vi.advanceTimersByTimeAsync(35);
    await closed;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(started, "no run after close").toBe(2);
  });

  it("tells a run under way to stop when the app closes, and closes once it has", async () => {
    const app = Fastify();
    const steps: string[] = [];
    runPeriodically(app, {
      name: "draining a backlog",
      everyMs: 10,
      run: async (signal) => {
        while (!signal.aborted) {
          steps.push("step");
          await takes(5);
        }
        steps.push("stopped");
      },
    });
    await app.ready();
    await vi.advanceTimersByTimeAsync(22);
    let closedAt = "";
    const closed = app.close().then(() => {
      closedAt = steps.at(-1) ?? "";
    });
    await vi.advanceTimersByTimeAsync(5);
    await closed;
    expect(closedAt, "closed after the run stopped").toBe("stopped");
    expect(steps.filter((step) => step === "step").length).toBeGreaterThanOrEqual(2);
  });

  it("logs a failed run and tries again at the next interval", async () => {
    const logged: string[] = [];
    const app = Fastify({
      logger: { level: "error", stream: { write: (line: string) => logged.push(line) } },
    });
    let runs = 0;
    runPeriodically(app, {
      name: "pruning things",
      everyMs: 10,
      run: async () => {
        runs++;
        throw new Error("the database is away");
      },
    });
    await app.ready();
    await vi.advanceTimersByTimeAsync(30);
    await app.close();
    expect(runs).toBe(3);
    expect(logged.filter((line) => line.includes("pruning things failed"))).toHaveLength(3);
    expect(logged[0]).toContain("the database is away");
  });

  it("does not keep the process alive", async () => {
    const app = Fastify();
    const setIntervalSpy = vi.spyOn(globalThis, "setInterval");
    runPeriodically(app, { name: "idle", everyMs: 10, run: async () => undefined });
    await app.ready();
    const timer = setIntervalSpy.mock.results.at(-1)?.value as NodeJS.Timeout;
    expect(timer.hasRef()).toBe(false);
    await app.close();
  });
});

import { setTimeout as sleep } from "node:timers/promises";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { runPeriodically } from "./periodic-task";

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
        await sleep(35);
        concurrent--;
      },
    });
    await sleep(30);
    expect(started).toBe(0);

    await app.ready();
    await sleep(200);
    await app.close();
    const afterClose = started;
    expect(afterClose).toBeGreaterThanOrEqual(2);
    expect(mostConcurrent).toBe(1);
    await sleep(100);
    expect(started).toBe(afterClose);
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
    await sleep(80);
    await app.close();
    expect(runs).toBeGreaterThanOrEqual(2);
    expect(
      logged.some((line) => line.includes("pruning things failed") && line.includes("the database is away")),
    ).toBe(true);
  });
});

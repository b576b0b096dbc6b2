// A periodic task runs once a period however many processes run it: three worker processes on one
// PostgreSQL database (periodic-worker.ts) run a task every 2 s for 12 s; a timer in each process (the
// way before the queue) would have run it about 18 times.
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FreshPostgres, freshPostgres, missingBackends } from "../../resilience/support/backends";

const EVERY_MS = 2000;
const RUN_FOR_MS = 12_000;
const PROCESSES = 3;
const worker = fileURLToPath(new URL("./periodic-worker.ts", import.meta.url));
const skipped = missingBackends({ postgres: true });

describe.skipIf(Boolean(skipped))(`periodic tasks on PostgreSQL${skipped}`, () => {
  let database: FreshPostgres;
  beforeAll(async () => {
    database = await freshPostgres();
    await database.handle.db.execute(sql`create table periodic_runs (pid int not null)`);
  });
  afterAll(async () => {
    await database?.handle.close();
  });

  it("runs once a period across three processes, on any of them", async () => {
    const run = () =>
      promisify(execFile)(process.execPath, [
        "--import",
        "tsx",
        worker,
        database.url,
        `${EVERY_MS}`,
        `${RUN_FOR_MS}`,
      ]);
    await Promise.all(Array.from({ length: PROCESSES }, run));
    const { rows } = (await database.handle.db.execute(
      sql`select pid, count(*)::int as runs from periodic_runs group by pid`,
    )) as { rows: { pid: number; runs: number }[] };
    const runs = rows.reduce((sum, row) => sum + row.runs, 0);
    const periods = RUN_FOR_MS / EVERY_MS;
    // The first period is offered one interval after start, the last may end with the processes.
    expect(runs).toBeGreaterThanOrEqual(periods - 2);
    expect(runs).toBeLessThanOrEqual(periods + 1);
  }, 60_000);
});

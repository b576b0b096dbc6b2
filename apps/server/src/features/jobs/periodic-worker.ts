// One worker process for periodic-tasks.test.ts: three of these run one periodic task on one PostgreSQL
// database, as three server processes would. Each run of the task is a row of periodic_runs naming the
// process. Arguments (only env.ts reads the environment): <DATABASE_URL> <every, ms> <run for, ms>.
import { openPostgres } from "@toolshop/db/client";
import { sql } from "drizzle-orm";
import { JobQueue } from "./queue";

const [url, everyMs, runForMs] = process.argv.slice(2);
if (!url) throw new Error("usage: periodic-worker.ts <DATABASE_URL> <every, ms> <run for, ms>");
const database = await openPostgres(url);
const log = { info: () => {}, error: (details: object, message: string) => console.error(message, details) };
const jobs = new JobQueue({ database, log, worker: true });
jobs.runPeriodically({
  name: "test-periodic",
  title: "recording a run",
  everyMs: Number(everyMs),
  run: async () => {
    await database.db.execute(sql`insert into periodic_runs (pid) values (${process.pid})`);
  },
});
await jobs.start();
await new Promise((resolve) => setTimeout(resolve, Number(runForMs)));
await jobs.stop();
await database.close();

// The worker process's entry (`npm run worker`): the same app as server.ts, with the worker on and no
// HTTP listener, so that mails and housekeeping run apart from the processes that serve (those start
// with WORKER=off). Several workers may run: each job runs once, each periodic task once a period.
import { buildApp } from "./app";
import { fail, prepareStart, rootMessage } from "./start-up";

// A job still running this long after SIGTERM is left to its expiry (another worker runs it again).
const SHUTDOWN_GRACE_MS = 15_000;

async function main(): Promise<void> {
  const { config, database } = await prepareStart();
  const app = await buildApp({ config: { ...config, worker: true }, database });
  await app.ready();
  app.log.info(
    `Toolshop's worker is running jobs on ${database.kind === "pglite" ? "PGlite" : "PostgreSQL"}`,
  );

  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal}: finishing the jobs under way, then stopping`);
    setTimeout(() => {
      app.log.error("shutdown took too long; exiting");
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, "shutdown failed");
      process.exit(1);
    }
  };
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
}

main().catch((error: unknown) => fail(`Toolshop's worker could not start: ${rootMessage(error)}`));

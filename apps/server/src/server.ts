// The server process's entry: configuration, database (migrated and seeded), HTTP server, graceful
// shutdown.
import { existsSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { openDatabase } from "@toolshop/db/client";
import { migrateDatabase } from "@toolshop/db/migrate";
import { seedDemoData } from "@toolshop/db/seed";
import { buildApp } from "./app";
import { ConfigError, loadConfig } from "./env";
import { startDraining } from "./features/health/draining";
import { loadOrCreateGeneratedSecret } from "./lib/dev-secret";
import { preparePrivateDataDir } from "./lib/private-data-dir";

// Give up on requests that are still running this long after the drain delay.
const SHUTDOWN_GRACE_MS = 10_000;
// Time to send the request headers, and the whole request (uploads of up to 5 MB on a slow line).
const HEADERS_TIMEOUT_MS = 10_000;
const REQUEST_TIMEOUT_MS = 60_000;

// build.mjs copies the migrations next to the bundle (dist/migrations); from source, the db
// package's own folder is used.
const bundledMigrations = fileURLToPath(new URL("./migrations", import.meta.url));
const migrationsFolder = existsSync(bundledMigrations) ? bundledMigrations : undefined;

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  await preparePrivateDataDir(config.dataDir);

  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    onConnectionError: (error) => console.error(`Database connection error: ${error.message}`),
  });
  try {
    await migrateDatabase(database, migrationsFolder);
    await seedDemoData(database.db);
  } catch (error) {
    await database.close().catch(() => undefined);
    const where =
      database.kind === "postgres" ? "the PostgreSQL server at DATABASE_URL" : `${config.dataDir}/db`;
    fail(`Could not prepare the database (${where}): ${rootMessage(error)}`);
  }

  // After the migrations: on PostgreSQL a generated secret is a row of the database (lib/dev-secret.ts).
  const authSecret = config.authSecret ?? (await loadOrCreateGeneratedSecret(database, config.dataDir));
  const app = await buildApp({ config: { ...config, authSecret }, database });
  // A client that trickles its request (slow-loris) holds a connection until these run out; Node's
  // defaults (60 s for headers, Fastify: no limit for the whole request) let few clients hold many.
  app.server.headersTimeout = HEADERS_TIMEOUT_MS;
  app.server.requestTimeout = REQUEST_TIMEOUT_MS;
  try {
    await app.listen({ host: config.host, port: config.port });
  } catch (error) {
    await app.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    fail(`Toolshop could not listen on ${config.host}:${config.port}: ${rootMessage(error)}`);
  }
  const { port } = app.server.address() as AddressInfo;
  app.log.info(
    `Toolshop is serving http://${config.host}:${port} on ${database.kind === "pglite" ? "PGlite" : "PostgreSQL"}`,
  );

  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    app.log.info(
      `${signal}: readiness now answers 503; serving ${config.shutdownDrainMs} ms more, then finishing in-flight requests and stopping`,
    );
    setTimeout(() => {
      app.log.error("shutdown took too long; exiting");
      process.exit(1);
    }, config.shutdownDrainMs + SHUTDOWN_GRACE_MS).unref();
    // The load balancer takes the process out when readiness fails; until then requests keep coming
    // and are served, so the listener stays open for the drain delay (features/health/draining.ts).
    startDraining(app.server);
    await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
    // Connections busy at this point stay open for keep-alive after their answer, and close()
    // would wait for them until keepAliveTimeout: close each one as soon as it has answered.
    const closeIdle = setInterval(() => app.server.closeIdleConnections(), 50);
    try {
      await app.close();
      clearInterval(closeIdle);
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

function loadConfigOrExit() {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
}

/** The innermost cause: Drizzle wraps driver errors in "Failed query: <the whole SQL>". */
function rootMessage(error: unknown): string {
  let current = error as Error;
  while (current.cause instanceof Error) current = current.cause;
  return current.message;
}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

main().catch((error: unknown) => fail(`Toolshop could not start: ${rootMessage(error)}`));

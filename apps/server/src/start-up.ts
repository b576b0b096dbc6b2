// What the server (server.ts) and the worker (worker.ts) do before they build the app: configuration,
// the private DATA_DIR, the signing secret, and the database, migrated and seeded.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { type DatabaseHandle, openDatabase } from "@toolshop/db/client";
import { migrateDatabase } from "@toolshop/db/migrate";
import { seedDemoData } from "@toolshop/db/seed";
import { type AppConfig, ConfigError, loadConfig } from "./env";
import { carryKeptMails } from "./features/jobs/kept-mails";
import { loadOrCreateGeneratedSecret } from "./lib/dev-secret";
import { preparePrivateDataDir } from "./lib/private-data-dir";

// build.mjs copies the migrations next to the bundle (dist/migrations); from source, the db
// package's own folder is used.
const bundledMigrations = fileURLToPath(new URL("./migrations", import.meta.url));
const migrationsFolder = existsSync(bundledMigrations) ? bundledMigrations : undefined;

/** Before the app has its logger: one line per message on the console. */
const startLog = {
  info: (_details: object, message: string) => console.log(message),
  error: (details: object, message: string) => console.error(message, details),
};

export async function prepareStart(): Promise<{ config: AppConfig; database: DatabaseHandle }> {
  const config = loadConfigOrExit();
  await preparePrivateDataDir(config.dataDir);

  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    connectTimeoutMs: config.databaseConnectTimeoutMs,
    onConnectionError: (error) => console.error(`Database connection error: ${error.message}`),
  });
  try {
    // Before the migrations: one of them drops mail_retries, whose mails become jobs first.
    await carryKeptMails(database, startLog);
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
  return { config: { ...config, authSecret }, database };
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
export function rootMessage(error: unknown): string {
  let current = error as Error;
  while (current.cause instanceof Error) current = current.cause;
  return current.message;
}

export function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

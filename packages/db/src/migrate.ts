import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import type { Client } from "pg";
import type { DatabaseHandle, Schema } from "./client";
import * as schema from "./schema";

/** The committed SQL migrations, next to this package's source. */
export const defaultMigrationsFolder = fileURLToPath(new URL("../migrations", import.meta.url));

// Any constant shared by every process that migrates this database.
const MIGRATION_LOCK_ID = 7_305_001;

/**
 * Applies the committed migrations that the database has not seen yet.
 * On PostgreSQL a session advisory lock makes concurrent start-ups (several API processes) wait for
 * each other instead of racing; PGlite has a single connection and needs none. The migration runs on a
 * connection of its own without the pool's query timeout: a data move at the large size (0024 moved a
 * million orders in 181 s on a busy host) outlasts a timeout meant for a request's queries.
 */
export async function migrateDatabase(
  handle: DatabaseHandle,
  migrationsFolder: string = defaultMigrationsFolder,
): Promise<void> {
  const config = { migrationsFolder };
  if (handle.kind === "pglite") {
    const [{ drizzle }, { migrate }] = await Promise.all([
      import("drizzle-orm/pglite"),
      import("drizzle-orm/pglite/migrator"),
    ]);
    await migrate(drizzle<Schema>({ client: handle.client, schema }), config);
    return;
  }

  const [{ default: pg }, { drizzle }, { migrate }] = await Promise.all([
    import("pg"),
    import("drizzle-orm/node-postgres"),
    import("drizzle-orm/node-postgres/migrator"),
  ]);
  const { connectionString, ssl } = handle.client.options;
  const connection = new pg.Client({ connectionString, ssl });
  await connection.connect();
  try {
    const db = drizzle<Schema, Client>({ client: connection, schema });
    await db.execute(sql`select pg_advisory_lock(${MIGRATION_LOCK_ID})`);
    try {
      await migrate(db, config);
    } finally {
      await db.execute(sql`select pg_advisory_unlock(${MIGRATION_LOCK_ID})`);
    }
  } finally {
    await connection.end();
  }
}

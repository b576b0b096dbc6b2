import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import type { PoolClient } from "pg";
import type { DatabaseHandle, Schema } from "./client";
import * as schema from "./schema";

/** The committed SQL migrations, next to this package's source. */
export const defaultMigrationsFolder = fileURLToPath(new URL("../migrations", import.meta.url));

// Any constant shared by every process that migrates this database.
const MIGRATION_LOCK_ID = 7_305_001;

/**
 * Applies the committed migrations that the database has not seen yet.
 * On PostgreSQL a session advisory lock makes concurrent start-ups (several API processes) wait for
 * each other instead of racing; PGlite has a single connection and needs none.
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

  const [{ drizzle }, { migrate }] = await Promise.all([
    import("drizzle-orm/node-postgres"),
    import("drizzle-orm/node-postgres/migrator"),
  ]);
  const connection = await handle.client.connect();
  try {
    const db = drizzle<Schema, PoolClient>({ client: connection, schema });
    await db.execute(sql`select pg_advisory_lock(${MIGRATION_LOCK_ID})`);
    try {
      await migrate(db, config);
    } finally {
      await db.execute(sql`select pg_advisory_unlock(${MIGRATION_LOCK_ID})`);
    }
  } finally {
    connection.release();
  }
}

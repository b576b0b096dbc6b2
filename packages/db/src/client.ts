import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type { Pool } from "pg";
import { lockDirectory } from "./directory-lock";
import { createPgliteDirectory, pgliteOptions } from "./pglite";
import * as schema from "./schema";

export type Schema = typeof schema;

/**
 * The Drizzle database, typed so that the same code runs on PGlite and on node-postgres.
 * A transaction (`db.transaction(async (tx) => ...)`) is also a `Database`.
 */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export type DatabaseKind = "pglite" | "postgres";

interface HandleBase {
  db: Database;
  /** Runs a trivial query; rejects when the database cannot answer. */
  ping(): Promise<void>;
  /** Closes the connections; the handle is unusable afterwards. */
  close(): Promise<void>;
}

/** An open database. `client` is the driver's own object, for driver-specific work (migrations, tests). */
export type DatabaseHandle =
  | (HandleBase & { kind: "pglite"; client: PGlite })
  | (HandleBase & { kind: "postgres"; client: Pool });

export interface OpenDatabaseOptions {
  /** A postgres:// URL; when absent, an embedded PGlite database lives in `${dataDir}/db`. */
  databaseUrl?: string | undefined;
  dataDir: string;
  /** Called when an idle pooled PostgreSQL connection fails (otherwise the error would crash the process). */
  onConnectionError?: ((error: Error) => void) | undefined;
  /** How long a query waits for a PostgreSQL connection, new or free in a busy pool; 5 s when absent. */
  connectTimeoutMs?: number | undefined;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    return openPostgres(options.databaseUrl, options.onConnectionError, options.connectTimeoutMs);
  }
  const directory = join(options.dataDir, "db");
  await mkdir(options.dataDir, { recursive: true });
  const releaseLock = await lockDirectory(join(options.dataDir, "db.lock"));
  try {
    await createPgliteDirectory(directory);
    const handle = await openPglite(directory);
    let closed = false;
    return {
      ...handle,
      close: async () => {
        if (closed) return;
        closed = true;
        await handle.close();
        await releaseLock();
      },
    };
  } catch (error) {
    await releaseLock();
    throw error;
  }
}

/** Wraps a PGlite instance (file-backed, in-memory or cloned) as a handle. */
export async function openPglite(dataDirOrClient: string | PGlite): Promise<DatabaseHandle> {
  // Loaded on demand so that PostgreSQL deployments never load the WebAssembly build.
  const [{ PGlite }, { drizzle }] = await Promise.all([
    import("@electric-sql/pglite"),
    import("drizzle-orm/pglite"),
  ]);
  const client =
    typeof dataDirOrClient === "string"
      ? new PGlite(dataDirOrClient, await pgliteOptions())
      : dataDirOrClient;
  await client.waitReady;
  const db: Database = drizzle({ client, schema });
  return {
    kind: "pglite",
    client,
    db,
    ping: () => ping(db),
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

const DEFAULT_CONNECT_TIMEOUT_MS = 5_000;
// Generous: migrations and seeding wait on advisory locks while another process holds them.
const QUERY_TIMEOUT_MS = 60_000;

/** Opens a node-postgres pool for the URL as a handle. */
export async function openPostgres(
  url: string,
  onConnectionError?: (error: Error) => void,
  connectTimeoutMs = DEFAULT_CONNECT_TIMEOUT_MS,
): Promise<DatabaseHandle> {
  const [{ default: pg }, { drizzle }] = await Promise.all([
    import("pg"),
    import("drizzle-orm/node-postgres"),
  ]);
  const client = new pg.Pool({
    connectionString: url,
    // When the database or the network path to it is gone, fail a request in seconds (the API answers
    // 503) instead of letting it wait forever: for a new connection (or a free one in a busy pool, so
    // this is also how long a request queues behind others before the shop sheds it)...
    connectionTimeoutMillis: connectTimeoutMs,
    // ...and for an answer on an open connection whose peer vanished without closing it.
    query_timeout: QUERY_TIMEOUT_MS,
    // Lets the operating system notice dead idle connections.
    keepAlive: true,
  });
  // The pool reports errors of idle connections; a connection that is checked out when the server ends it
  // (restart, failover, a forced drop) reports on itself, and an unheard "error" event would end the process.
  // The query running on it fails with the same error, so the caller still learns of it.
  client.on("error", (error) => onConnectionError?.(error));
  client.on("connect", (connection) => {
    connection.on("error", (error) => onConnectionError?.(error));
  });
  const db: Database = drizzle({ client, schema });
  let closed = false;
  return {
    kind: "postgres",
    client,
    db,
    ping: () => ping(db),
    close: async () => {
      if (closed) return;
      closed = true;
      await client.end();
    },
  };
}

async function ping(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}

import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Database } from "@toolshop/db/client";
import { afterAll, beforeAll } from "vitest";
import { testRedis } from "../../testing/redis";
import { type FreshPostgres, freshPostgres } from "./backends";
import { type ServerProcess, startServer, stopServer } from "./server-process";

/**
 * Two server processes on one fresh PostgreSQL database and the test Redis, as behind a load balancer,
 * for the suite it is called in: started together before its tests (the migrations' advisory lock and
 * the seed's lock must let both come up), stopped after them. `env` adds to both configurations.
 */
export function twoServersForSuite(label: string, env: Record<string, string> = {}) {
  let database: FreshPostgres | undefined;
  let servers: ServerProcess[] = [];
  let dataDir: string | undefined;
  beforeAll(async () => {
    database = await freshPostgres();
    dataDir = await mkdtemp(join(tmpdir(), `toolshop-${label}-`));
    const shared = { DATABASE_URL: database.url, ...testRedis().env, DATA_DIR: dataDir, ...env };
    servers = await Promise.all([startServer(shared), startServer(shared)]);
  }, 180_000);
  afterAll(async () => {
    await Promise.all(servers.map((server) => stopServer(server)));
    await database?.handle.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });
  return {
    /** The shared database, for setting up and checking what the servers did. */
    get db(): Database {
      if (!database) throw new Error("The two servers are not started yet.");
      return database.handle.db;
    },
    get servers(): [ServerProcess, ServerProcess] {
      const [first, second] = servers;
      if (!first || !second) throw new Error("The two servers are not started yet.");
      return [first, second];
    },
  };
}

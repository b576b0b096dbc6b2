// The PostgreSQL and Redis the system tests run against (TEST_DATABASE_URL and REDIS_URL, provided by
// apps/server/vitest.config.ts), and a fresh database per suite.
import type { DatabaseHandle } from "@toolshop/db/client";
import { createTestDatabase } from "@toolshop/db/testing";
import { inject } from "vitest";

export function testBackends(): { postgresUrl: string; redisUrl: string } {
  return { postgresUrl: inject("postgresUrl"), redisUrl: inject("redisUrl") };
}

/** "" when both are set; otherwise why a suite that needs them is skipped, for its title. */
export function missingBackends(needs: { postgres?: boolean; redis?: boolean }): string {
  const { postgresUrl, redisUrl } = testBackends();
  const missing = [
    needs.postgres && !postgresUrl ? "TEST_DATABASE_URL" : "",
    needs.redis && !redisUrl ? "REDIS_URL" : "",
  ].filter(Boolean);
  return missing.length ? ` (skipped: ${missing.join(" and ")} not set)` : "";
}

export interface FreshPostgres {
  handle: DatabaseHandle;
  /** postgres://… of this database, for DATABASE_URL. */
  url: string;
}

/** A new, migrated database cloned from the test template; handle.close() drops it. */
export async function freshPostgres(): Promise<FreshPostgres> {
  const handle = await createTestDatabase({ kind: "postgres", postgresUrl: testBackends().postgresUrl });
  if (handle.kind !== "postgres") throw new Error("expected PostgreSQL");
  const url = handle.client.options.connectionString;
  if (!url) throw new Error("the test database has no URL");
  return { handle, url };
}

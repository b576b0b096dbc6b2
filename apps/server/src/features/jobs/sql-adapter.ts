// pg-boss runs its SQL through a `db: { executeSql }` adapter: one over the shop's own connection
// (node-postgres pool or PGlite), so the queue lives in the shop's database whichever it is, and one
// over a Drizzle transaction, so that a job is inserted in the same transaction as the change that
// causes it (an outbox: the job commits or rolls back with the change).
import type { Database, DatabaseHandle } from "@toolshop/db/client";
import { type SQL, sql } from "drizzle-orm";

export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * The shop's connection for pg-boss's own work (fetching, completing, maintenance). pg-boss sends its
 * schema's creation as one script of many statements without parameters: PostgreSQL's pool takes that
 * as a simple query; PGlite needs `exec` for it (its `query` takes one statement).
 */
export function connectionExecutor(database: DatabaseHandle): SqlExecutor {
  if (database.kind === "postgres") {
    const pool = database.client;
    return { executeSql: (text, values) => pool.query(text, values) };
  }
  const client = database.client;
  return {
    async executeSql(text, values) {
      if (values && values.length > 0) return client.query(text, values);
      const results = await client.exec(text);
      return results.at(-1) ?? { rows: [] };
    },
  };
}

/**
 * pg-boss's statement (`$1`, `$2`... placeholders) as Drizzle SQL, so it runs on whatever `db` is: a
 * transaction's connection included. A placeholder used twice becomes two parameters of one value.
 */
function asDrizzleSql(text: string, values: readonly unknown[]): SQL {
  const chunks: SQL[] = [];
  let last = 0;
  for (const match of text.matchAll(/\$(\d+)/g)) {
    chunks.push(sql.raw(text.slice(last, match.index)));
    chunks.push(sql`${values[Number(match[1]) - 1] ?? null}`);
    last = match.index + match[0].length;
  }
  chunks.push(sql.raw(text.slice(last)));
  return sql.join(chunks);
}

/** An executor bound to `db`: a job sent through it is part of `db`'s transaction, if it is one. */
export function drizzleExecutor(db: Database): SqlExecutor {
  return {
    async executeSql(text, values = []) {
      const result = (await db.execute(asDrizzleSql(text, values))) as { rows: unknown[] };
      return { rows: result.rows };
    },
  };
}

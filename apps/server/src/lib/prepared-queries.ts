// The hot reads' queries are built once per shape and database, then run with their values
// (decision 0016): building a Drizzle query cost more of the server's CPU than reading its answer.
// `prepare("")` keeps PostgreSQL's statement unnamed, so every run is still planned for its values;
// a statement found by its key is named instead (plannedOnce, decision 0020).
import type { Database } from "@toolshop/db/client";
import { type SQL, sql } from "drizzle-orm";

/**
 * A cache of built queries, one per shape (a key naming which conditions the query has, never their
 * values) for each database. The shapes are few and fixed by the code, so nothing is evicted; a
 * database that is gone takes its queries with it.
 */
export function createPreparedQueries() {
  const byDatabase = new WeakMap<Database, Map<string, unknown>>();
  return function prepared<Query>(db: Database, shape: string, build: () => Query): Query {
    let queries = byDatabase.get(db);
    if (!queries) {
      queries = new Map();
      byDatabase.set(db, queries);
    }
    let query = queries.get(shape) as Query | undefined;
    if (query === undefined) {
      query = build();
      queries.set(shape, query);
    }
    return query;
  };
}

/**
 * The name to prepare a statement under when it finds its rows by a primary or unique key, so that
 * no value can change its plan (decision 0020). PostgreSQL then parses it once per connection and,
 * after five runs, keeps one plan: parsing and planning a payment's statements cost PostgreSQL more
 * than running them. A name stands for one text on a connection (pg refuses a second), so names are
 * unique in the server: `<feature>/<what it does>`.
 */
export function plannedOnce(name: string): string {
  return `planned-once:${name}`;
}

/** Where a condition's value goes: a placeholder of a prepared query, or the value itself. */
export type Bind = (name: string) => SQL;

export const placeholders: Bind = (name) => sql`${sql.placeholder(name)}`;

export const boundValues =
  (values: Record<string, unknown>): Bind =>
  (name) => {
    if (!(name in values)) throw new Error(`No value for ${name}`);
    return sql`${values[name]}`;
  };

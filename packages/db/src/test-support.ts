import { execFileSync } from "node:child_process";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { SQL } from "drizzle-orm";
import { inject } from "vitest";
import type { Database } from "./client";
import { defaultMigrationsFolder } from "./migrate";
import type { TestDatabaseOptions } from "./testing";

declare module "vitest" {
  export interface ProvidedContext {
    /** TEST_DATABASE_URL, or "" when it is not set. Every vitest config that runs database tests provides it. */
    postgresUrl: string;
  }
}

/**
 * The databases to run a suite on: always PGlite, and PostgreSQL when TEST_DATABASE_URL is set.
 * (Suites loop over these instead of using one Vitest project per database because the root config
 * gathers each package's config as a single project, and Vitest ignores projects nested inside one.)
 */
export function testDatabaseTargets(): { title: string; options: TestDatabaseOptions; skip: boolean }[] {
  const postgresUrl = inject("postgresUrl");
  return [
    { title: "on PGlite", options: { kind: "pglite" }, skip: false },
    {
      title: postgresUrl ? "on PostgreSQL" : "on PostgreSQL (skipped: TEST_DATABASE_URL is not set)",
      options: { kind: "postgres", postgresUrl },
      skip: !postgresUrl,
    },
  ];
}

/** The SQLSTATE of a failed query, looking through Drizzle's wrapper error. */
export function sqlState(error: unknown): string | undefined {
  let current: unknown = error;
  while (current instanceof Error) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = current.cause;
  }
  return undefined;
}

/** Rows of a raw query; both drivers answer `{ rows }`, which the driver-neutral type leaves unknown. */
export async function queryRows<Row>(db: Database, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as { rows: Row[] };
  return result.rows;
}

/**
 * V8's tag for cached code, from a new node process with `nodeArgs` that runs `setup` (module code,
 * top-level await allowed) first. The tag hashes every V8 flag: the same tag, the same flags, so a test
 * can compare flags set at run time with the same flags given on the command line.
 */
export function v8FlagsTag(nodeArgs: readonly string[], setup = ""): string {
  const code = `import v8 from "node:v8"; ${setup} console.log(v8.cachedDataVersionTag());`;
  return execFileSync(process.execPath, ["--import", "tsx", ...nodeArgs, "--input-type=module", "-e", code], {
    encoding: "utf8",
  }).trim();
}

/** A copy of the migrations up to, not including, `tag`: a database as it was before that migration. */
export async function migrationsBefore(
  tag: string,
): Promise<{ folder: string; remove: () => Promise<void> }> {
  const root = await mkdtemp(join(tmpdir(), "toolshop-migrations-"));
  const folder = join(root, "migrations");
  await cp(defaultMigrationsFolder, folder, { recursive: true });
  const journalFile = join(folder, "meta/_journal.json");
  const journal = JSON.parse(await readFile(journalFile, "utf8")) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((entry) => entry.tag === tag);
  if (at < 0) throw new Error(`no migration ${tag}`);
  journal.entries = journal.entries.slice(0, at);
  await writeFile(journalFile, JSON.stringify(journal));
  return { folder, remove: () => rm(root, { recursive: true, force: true }) };
}

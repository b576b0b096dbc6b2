// Fresh, migrated, empty databases for tests, fast: every database is a copy of a template that is
// migrated once, instead of running the migrations again per test file.
import { createHash, randomBytes } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { type DatabaseHandle, type DatabaseKind, openPglite, openPostgres } from "./client";
import { defaultMigrationsFolder, migrateDatabase } from "./migrate";

export interface TestDatabaseOptions {
  kind: DatabaseKind;
  /** Required for kind "postgres": a role allowed to CREATE DATABASE. */
  postgresUrl?: string | undefined;
}

export async function createTestDatabase(options: TestDatabaseOptions): Promise<DatabaseHandle> {
  if (options.kind === "pglite") return clonePgliteTemplate();
  if (!options.postgresUrl) {
    throw new Error('createTestDatabase needs a postgresUrl for kind "postgres".');
  }
  return createPostgresFromTemplate(options.postgresUrl);
}

/** Changes whenever a migration file (or, for PGlite, the PGlite version) changes. */
async function templateKey(extra = ""): Promise<string> {
  const hash = createHash("sha256").update(extra);
  const files = (await readdir(defaultMigrationsFolder, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
  for (const file of files) {
    hash.update(file.slice(defaultMigrationsFolder.length)).update(await readFile(file));
  }
  return hash.digest("hex").slice(0, 16);
}

// ---- PGlite: a data-directory dump, cached on disk so that test files (each in its own worker)
// skip PGlite's initdb and the migrations.

let pgliteTemplate: Promise<Blob> | undefined;

async function clonePgliteTemplate(): Promise<DatabaseHandle> {
  pgliteTemplate ??= loadOrBuildPgliteTemplate();
  const { PGlite } = await import("@electric-sql/pglite");
  return openPglite(new PGlite({ loadDataDir: await pgliteTemplate }));
}

async function loadOrBuildPgliteTemplate(): Promise<Blob> {
  const key = await templateKey(pgliteVersion());
  const file = join(tmpdir(), "toolshop-test-templates", `pglite-${key}.tar`);
  try {
    return new Blob([await readFile(file)]);
  } catch {
    // Not built yet: build it below.
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const client: PGlite = new PGlite();
  const handle = await openPglite(client);
  try {
    await migrateDatabase(handle);
    const dump = await client.dumpDataDir("none");
    // Written under a unique name and renamed, so a concurrent reader never sees half a file.
    await mkdir(dirname(file), { recursive: true });
    const partial = `${file}.${randomBytes(4).toString("hex")}.partial`;
    await writeFile(partial, new Uint8Array(await dump.arrayBuffer()));
    await rename(partial, file).catch(() => rm(partial, { force: true }));
    return dump;
  } finally {
    await handle.close();
  }
}

function pgliteVersion(): string {
  const require = createRequire(import.meta.url);
  const entry = require.resolve("@electric-sql/pglite");
  const packageJson = require(join(dirname(entry), "..", "package.json")) as { version: string };
  return packageJson.version;
}

// ---- PostgreSQL: a template database named after the migrations, cloned with CREATE DATABASE.

const TEMPLATE_LOCK_ID = 7_305_003;
const postgresTemplates = new Map<string, Promise<string>>();

async function createPostgresFromTemplate(serverUrl: string): Promise<DatabaseHandle> {
  let template = postgresTemplates.get(serverUrl);
  if (!template) {
    template = ensurePostgresTemplate(serverUrl);
    postgresTemplates.set(serverUrl, template);
  }
  const templateName = await template;
  const name = `toolshop_test_${randomBytes(6).toString("hex")}`;
  await withAdminClient(serverUrl, (admin) =>
    admin.query(`create database "${name}" template "${templateName}"`),
  );

  const handle = await openPostgres(databaseUrl(serverUrl, name));
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await withAdminClient(serverUrl, (admin) =>
        admin.query(`drop database if exists "${name}" with (force)`),
      );
    },
  };
}

async function ensurePostgresTemplate(serverUrl: string): Promise<string> {
  const name = `toolshop_template_${await templateKey()}`;
  await withAdminClient(serverUrl, async (admin) => {
    // Test workers start together; the lock makes one build the template while the others wait.
    await admin.query("select pg_advisory_lock($1)", [TEMPLATE_LOCK_ID]);
    try {
      const existing = await admin.query("select 1 from pg_database where datname = $1", [name]);
      if (existing.rowCount) return;
      // Built under another name and renamed when complete, so a crash never leaves a half template.
      const building = `${name}_building`;
      await admin.query(`drop database if exists "${building}" with (force)`);
      await admin.query(`create database "${building}"`);
      const handle = await openPostgres(databaseUrl(serverUrl, building));
      try {
        await migrateDatabase(handle);
      } finally {
        await handle.close();
      }
      await admin.query(`alter database "${building}" rename to "${name}"`);
    } finally {
      await admin.query("select pg_advisory_unlock($1)", [TEMPLATE_LOCK_ID]);
    }
  });
  return name;
}

async function withAdminClient<T>(serverUrl: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

import { spawn } from "node:child_process";
import { once } from "node:events";
import { access, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { count, eq, sql } from "drizzle-orm";
import type { Pool } from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type DatabaseHandle, openDatabase, openPostgres } from "./client";
import { defaultMigrationsFolder, migrateDatabase } from "./migrate";
import { tools, users } from "./schema";
import { queryRows, sqlState, testDatabaseTargets } from "./test-support";
import { createTestDatabase } from "./testing";

const aTool = {
  name: "Test tool",
  short: "A tool for tests.",
  image: "/images/tools/pliers.svg",
  priceCents: 100,
  minQuantity: 1,
  availableQuantity: 10,
  sku: "TT-1",
  // A root category of migration 0036.
  categoryId: sql`(select id from categories where slug = 'mechanical')`,
};

for (const target of testDatabaseTargets()) {
  describe.skipIf(target.skip)(`migrations ${target.title}`, () => {
    let handle: DatabaseHandle;
    beforeAll(async () => {
      handle = await createTestDatabase(target.options);
    });
    afterAll(async () => {
      await handle?.close();
    });

    it("creates every table, empty", async () => {
      const rows = await queryRows<{ table_name: string }>(
        handle.db,
        sql`select table_name from information_schema.tables where table_schema = 'public'`,
      );
      const names = rows.map((row) => row.table_name);
      expect(names).toEqual(
        expect.arrayContaining([
          "tools",
          "orders",
          "reviews",
          "users",
          "quotes",
          "auth_user",
          "auth_session",
        ]),
      );
      const [toolCount] = await handle.db.select({ value: count() }).from(tools);
      expect(toolCount?.value).toBe(0);
    });

    it("is a no-op when applied again", async () => {
      await migrateDatabase(handle);
      const rows = await queryRows<{ n: number }>(
        handle.db,
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      const journal = JSON.parse(await readFile(join(defaultMigrationsFolder, "meta/_journal.json"), "utf8"));
      expect(rows).toEqual([{ n: journal.entries.length }]);
    });

    it("places no order in SQL: 0024 dropped place_orders (decision 0038)", async () => {
      const rows = await queryRows<{ name: string }>(
        handle.db,
        sql`select proname as name from pg_proc where proname in ('place_order', 'place_orders')`,
      );
      expect(rows).toEqual([]);
    });

    it("rejects a negative stock with the check constraint", async () => {
      const insert = handle.db.insert(tools).values({ ...aTool, availableQuantity: -1 });
      const error = await insert.then(
        () => undefined,
        (rejection: unknown) => rejection,
      );
      expect(sqlState(error)).toBe("23514");
      const [toolCount] = await handle.db.select({ value: count() }).from(tools);
      expect(toolCount?.value).toBe(0);
    });

    it("keeps user emails unique", async () => {
      await handle.db.insert(users).values({ email: "ada@example.com" });
      const error = await handle.db
        .insert(users)
        .values({ email: "ada@example.com" })
        .then(
          () => undefined,
          (rejection: unknown) => rejection,
        );
      expect(sqlState(error)).toBe("23505");
      const rows = await handle.db.select().from(users).where(eq(users.email, "ada@example.com"));
      expect(rows).toHaveLength(1);
    });
  });
}

describe.skipIf(!inject("postgresUrl"))("a migration on PostgreSQL", () => {
  it("outlasts the pool's query timeout: a large data move is not cut off like a request's query", async () => {
    const admin = await openPostgres(inject("postgresUrl") as string);
    const name = `toolshop_slow_move_${process.pid}_${Date.now()}`;
    await (admin.client as Pool).query(`create database ${name}`);
    const url = new URL(inject("postgresUrl") as string);
    url.pathname = `/${name}`;
    const folder = await mkdtemp(join(tmpdir(), "toolshop-migrations-"));
    const handle = await openPostgres(url.toString());
    try {
      await mkdir(join(folder, "meta"));
      const entry = { idx: 0, version: "7", when: 1, tag: "0000_slow_move", breakpoints: true };
      const journal = { version: "7", dialect: "postgresql", entries: [entry] };
      await writeFile(join(folder, "meta/_journal.json"), JSON.stringify(journal));
      await writeFile(join(folder, "0000_slow_move.sql"), "select pg_sleep(0.5);");
      // The request pool's timeout, shrunk below the migration's length.
      const pool = handle.client as Pool;
      pool.options.query_timeout = 100;
      await expect(pool.query("select pg_sleep(0.5)")).rejects.toThrow(/timeout/i);
      await migrateDatabase(handle, folder);
      const rows = await queryRows<{ n: number }>(
        handle.db,
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      expect(rows).toEqual([{ n: 1 }]);
    } finally {
      await handle.close();
      await rm(folder, { recursive: true, force: true });
      await (admin.client as Pool).query(`drop database if exists ${name}`);
      await admin.close();
    }
  });
});

describe("a PGlite database in DATA_DIR", () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "toolshop-db-"));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it("is created, migrated and keeps its data when opened again", async () => {
    const first = await openDatabase({ dataDir });
    expect(first.kind).toBe("pglite");
    await migrateDatabase(first);
    await first.db.insert(tools).values(aTool);
    await first.close();

    const second = await openDatabase({ dataDir });
    try {
      await migrateDatabase(second);
      const rows = await second.db.select({ name: tools.name }).from(tools);
      expect(rows).toEqual([{ name: "Test tool" }]);
      await expect(second.ping()).resolves.toBeUndefined();
    } finally {
      await second.close();
    }
  });

  it("refuses a directory that another running process holds, and takes over a stale lock", async () => {
    const lockFile = join(dataDir, "db.lock");
    // The test runner's parent process is alive and is not this process.
    await writeFile(lockFile, String(process.ppid));
    await expect(openDatabase({ dataDir })).rejects.toThrow(`Another process (pid ${process.ppid})`);

    const exited = spawn(process.execPath, ["-e", ""]);
    await once(exited, "exit");
    await writeFile(lockFile, String(exited.pid));
    const handle = await openDatabase({ dataDir });
    expect(await readFile(lockFile, "utf8")).toBe(String(process.pid));
    await handle.close();
    await expect(access(lockFile)).rejects.toThrow();
  });
});

import { access, mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase } from "./client";
import { queryRows, v8FlagsTag } from "./test-support";

describe("PGlite's WebAssembly on the baseline compiler (decisions 0015, 0022)", () => {
  it("sets the flags of a process started with --liftoff-only, implications included", () => {
    const module = JSON.stringify(fileURLToPath(new URL("./pglite.ts", import.meta.url)));
    const set = v8FlagsTag([], `(await import(${module})).compileWebAssemblyWithBaselineOnly();`);
    expect(set).toBe(v8FlagsTag(["--liftoff-only"]));
    expect(set).not.toBe(v8FlagsTag([]));
  });
});

describe("a new PGlite database in DATA_DIR", () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "toolshop-pglite-"));
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it("is created by a separate process and opened with a small buffer cache", async () => {
    const handle = await openDatabase({ dataDir });
    try {
      await access(join(dataDir, "db", "PG_VERSION"));
      const rows = await queryRows<{ shared_buffers: string }>(handle.db, sql`show shared_buffers`);
      expect(rows).toEqual([{ shared_buffers: "4MB" }]);
    } finally {
      await handle.close();
    }
    expect(await readdir(dataDir)).toEqual(["db"]);
  });

  it("replaces what an interrupted first start left behind", async () => {
    await mkdir(join(dataDir, "db"));
    await mkdir(join(dataDir, "db.creating"));
    await writeFile(join(dataDir, "db.creating", "PG_VERSION"), "17");
    const handle = await openDatabase({ dataDir });
    await expect(handle.ping()).resolves.toBeUndefined();
    await handle.close();
    expect(await readdir(dataDir)).toEqual(["db"]);
  });

  it("refuses a directory that holds other files, and leaves them alone", async () => {
    await mkdir(join(dataDir, "db"));
    await writeFile(join(dataDir, "db", "notes.txt"), "mine");
    await expect(openDatabase({ dataDir })).rejects.toThrow("holds files but no PGlite database");
    expect(await readdir(join(dataDir, "db"))).toEqual(["notes.txt"]);
    expect(await readdir(dataDir)).toEqual(["db"]);
  });
});

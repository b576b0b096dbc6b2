import { access, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase } from "./client";
import { PGLITE_NODE_FLAGS } from "./pglite";
import { queryRows, v8FlagsTag } from "./test-support";

describe("PGlite's WebAssembly on the baseline compiler, from the command line (decisions 0015, 0037)", () => {
  it("names exactly what --liftoff-only implies", () => {
    expect(v8FlagsTag(PGLITE_NODE_FLAGS)).toBe(v8FlagsTag(["--liftoff-only"]));
    expect(v8FlagsTag(PGLITE_NODE_FLAGS)).not.toBe(v8FlagsTag([]));
  });

  it("is on npm start's command line, which the container and the launchers take theirs from", async () => {
    const rootPackage = JSON.parse(await readFile(new URL("../../../package.json", import.meta.url), "utf8"));
    const start: string = rootPackage.scripts.start;
    const command = start.slice(start.lastIndexOf(" node ") + 1).split(" ");
    expect(command.slice(0, -1)).toEqual(expect.arrayContaining([...PGLITE_NODE_FLAGS]));
  });

  it("is on this test worker's (vitest.config.ts), whose suites run PGlite too", () => {
    expect(process.execArgv).toEqual(expect.arrayContaining([...PGLITE_NODE_FLAGS]));
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

import { mkdtemp, readdir, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { createWholeFile } from "./whole-file";

const slowDisk = vi.hoisted(() => ({ on: false }));
vi.mock("node:fs/promises", async (importOriginal) => {
  const fs = await importOriginal<typeof import("node:fs/promises")>();
  type Options = { flag?: string; mode?: number };
  return {
    ...fs,
    // As on a busy disk: a new file exists, empty, a while before its bytes are in it.
    writeFile: async (file: string, data: string, options: Options) => {
      if (!slowDisk.on) return fs.writeFile(file, data, options);
      const handle = await fs.open(file, options.flag ?? "w", options.mode);
      try {
        await sleep(30);
        await handle.writeFile(data);
      } finally {
        await handle.close();
      }
    },
  };
});

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "toolshop-whole-file-"));
});
afterEach(async () => {
  slowDisk.on = false;
  await rm(dir, { recursive: true, force: true });
});

it("creates the file with its mode, and answers false without touching one that exists", async () => {
  const file = join(dir, "secret");
  expect(await createWholeFile(file, "first\n")).toBe(true);
  expect((await stat(file)).mode & 0o777).toBe(0o600);
  expect(await createWholeFile(file, "second\n")).toBe(false);
  expect(await readFile(file, "utf8")).toBe("first\n");
  expect(await readdir(dir)).toEqual(["secret"]);
});

it("lets one of many racing writers win, and no reader ever sees the file empty, on a slow disk", async () => {
  // Created in place ("wx", then write), a lock was read empty by the process that lost the race, which
  // took it for a dead owner's and removed it (CI, 2026-11-26, on the development secret).
  slowDisk.on = true;
  const file = join(dir, "db.lock");
  const seen: string[] = [];
  const writers = Array.from({ length: 4 }, (_, n) =>
    createWholeFile(file, `writer ${n}`).then(async (created) => {
      if (!created) seen.push(await readFile(file, "utf8"));
      return created;
    }),
  );
  const created = await Promise.all(writers);
  expect(created.filter(Boolean)).toHaveLength(1);
  const winner = `writer ${created.indexOf(true)}`;
  expect(seen).toEqual([winner, winner, winner]);
  expect(await readdir(dir)).toEqual(["db.lock"]);
});

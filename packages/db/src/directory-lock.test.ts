import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { lockDirectory } from "./directory-lock";

// Live processes whose pids the contenders below take as their own: a lock names a running owner.
let contenders: ChildProcess[];
let dir: string;
let deadPid: number;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "toolshop-lock-"));
  contenders = Array.from({ length: 4 }, () =>
    spawn(process.execPath, ["-e", "setTimeout(() => {}, 120000)"]),
  );
  const exited = spawn(process.execPath, ["-e", ""]);
  await once(exited, "exit");
  deadPid = exited.pid ?? 0;
});
afterAll(async () => {
  for (const child of contenders) child.kill();
  await rm(dir, { recursive: true, force: true });
});

it("lets exactly one of several processes take over a stale lock at once", async () => {
  // Removing a stale lock by its name could remove the lock another contender had just made, and
  // both went on to open the database.
  for (let round = 0; round < 100; round++) {
    const lockFile = join(dir, `db-${round}.lock`);
    await writeFile(lockFile, String(deadPid));
    const outcomes = await Promise.allSettled(contenders.map((child) => lockDirectory(lockFile, child.pid)));
    const winners = outcomes.flatMap((outcome, n) =>
      outcome.status === "fulfilled" ? [contenders[n]?.pid] : [],
    );
    expect(winners).toHaveLength(1);
    for (const outcome of outcomes) {
      if (outcome.status === "rejected")
        expect(String(outcome.reason)).toMatch(/Another process \(pid \d+\)/);
    }
    expect(await readFile(lockFile, "utf8")).toBe(String(winners[0]));
  }
  expect((await readdir(dir)).filter((name) => !/^db-\d+\.lock$/.test(name))).toEqual([]);
});

it("takes over a lock that names no process", async () => {
  const lockFile = join(dir, "empty.lock");
  await writeFile(lockFile, "");
  const release = await lockDirectory(lockFile, contenders[0]?.pid);
  expect(await readFile(lockFile, "utf8")).toBe(String(contenders[0]?.pid));
  await release();
  await expect(readFile(lockFile)).rejects.toThrow(/ENOENT/);
});

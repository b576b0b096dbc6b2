import { readFile, rm } from "node:fs/promises";
import { dirname } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { createWholeFile } from "./whole-file";

/**
 * PGlite has no lock of its own: two processes on one data directory would corrupt it. The lock file
 * holds the owner's pid; a lock whose process is gone is taken over. Answers the lock's release.
 * `pid` is this process's, given by tests that play several processes in one.
 */
export async function lockDirectory(lockFile: string, pid = process.pid): Promise<() => Promise<void>> {
  for (let attempt = 0; attempt < 100; attempt++) {
    if (await createWholeFile(lockFile, String(pid), 0o644)) return () => rm(lockFile, { force: true });
    const owner = await ownerOf(lockFile);
    if (owner !== undefined && isHeld(owner, pid)) throw heldBy(owner, lockFile);
    if (owner !== undefined && !(await removeStaleLock(lockFile, pid))) await sleep(10);
  }
  throw new Error(`Could not lock ${lockFile}.`);
}

/**
 * Removes a stale lock, if this process is the one taking it over: takeovers go one at a time, through
 * a second file made the same way. Removing the lock by its name without that, two processes that both
 * read the dead owner could each remove it, the second removing the lock the first had just made, and
 * both went on to open the database. The taker reads the lock again under its guard: nobody else
 * removes a lock meanwhile, and nobody can make one while the stale one is there. Answers false when
 * another process is taking it over (the caller waits and tries again).
 */
async function removeStaleLock(lockFile: string, pid: number): Promise<boolean> {
  const guard = `${lockFile}.takeover`;
  if (!(await createWholeFile(guard, String(pid), 0o644))) {
    // A taker that died with the guard held leaves it behind; it is removed as a stale lock is.
    const taker = await ownerOf(guard);
    if (taker !== undefined && !isHeld(taker, pid)) await rm(guard, { force: true });
    return false;
  }
  try {
    const owner = await ownerOf(lockFile);
    if (owner !== undefined && !isHeld(owner, pid)) await rm(lockFile, { force: true });
    return true;
  } finally {
    await rm(guard, { force: true });
  }
}

/** Whether the pid in a lock names another running process (0: the file named none). */
function isHeld(owner: number, pid: number): boolean {
  return owner > 0 && owner !== pid && isRunning(owner);
}

/** The pid in a lock file: 0 when it holds none, undefined when the file is gone. */
async function ownerOf(file: string): Promise<number | undefined> {
  try {
    return Number.parseInt(await readFile(file, "utf8"), 10) || 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

function heldBy(owner: number, lockFile: string): Error {
  return new Error(
    `Another process (pid ${owner}) is using the database in ${dirname(lockFile)}. Stop it first, or set DATABASE_URL so that several processes share one PostgreSQL database.`,
  );
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

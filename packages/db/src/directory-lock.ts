import { randomBytes } from "node:crypto";
import { link, readFile, rename, rm } from "node:fs/promises";
import { dirname } from "node:path";
import { createWholeFile } from "./whole-file";

/**
 * PGlite has no lock of its own: two processes on one data directory would corrupt it. The lock file
 * holds the owner's pid; a lock whose process is gone is taken over. Answers the lock's release.
 * `pid` is this process's, given by tests that play several processes in one.
 */
export async function lockDirectory(lockFile: string, pid = process.pid): Promise<() => Promise<void>> {
  for (let attempt = 0; attempt < 3; attempt++) {
    if (await createWholeFile(lockFile, String(pid), 0o644)) return () => rm(lockFile, { force: true });
    const owner = await ownerOf(lockFile);
    if (owner === undefined) continue; // released meanwhile
    if (owner > 0 && owner !== pid && isRunning(owner)) throw heldBy(owner, lockFile);
    await removeStaleLock(lockFile, owner);
  }
  throw new Error(`Could not lock ${lockFile}.`);
}

/**
 * Moves the stale lock aside under a name of its own before removing it. Of two processes taking it
 * over at once, one moves it and the other finds it gone: neither can remove a lock that the other
 * made meanwhile, as removing the file by its name did. A lock moved by mistake is put back; a third
 * process creating one in the instant between could still hold it beside the owner, a window of
 * microseconds that POSIX files without flock() cannot close.
 */
async function removeStaleLock(lockFile: string, staleOwner: number): Promise<void> {
  const aside = `${lockFile}.stale.${randomBytes(6).toString("hex")}`;
  try {
    await rename(lockFile, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    throw error;
  }
  const moved = await ownerOf(aside);
  if (moved !== undefined && moved > 0 && moved !== staleOwner && isRunning(moved)) {
    // Another process took the lock over between the read and the move: its lock goes back.
    await link(aside, lockFile).catch(() => undefined);
    await rm(aside, { force: true });
    throw heldBy(moved, lockFile);
  }
  await rm(aside, { force: true });
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

// How the embedded PGlite database is configured and first created, sized for a process that also
// serves HTTP: PGlite runs PostgreSQL inside this process's WebAssembly heap, so its memory is ours.
import { execFile } from "node:child_process";
import { readdir, rename, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { promisify } from "node:util";
import type { PGliteOptions } from "@electric-sql/pglite";

// PostgreSQL's default (128MB) is sized for a database server; PGlite reserves it inside the WebAssembly
// heap and touches all of it, ~120 MB of resident memory. The shop's tables are a few MB, reads are
// served from the API's cache, and evicted pages stay in the operating system's file cache: 4MB runs
// orders and lookups as fast as 128MB did (1MB was a quarter slower on reads).
const SHARED_BUFFERS = "4MB";

/**
 * The V8 flags of every process that serves from PGlite, on its command line (`npm start`, the
 * container, the launchers, the test workers), since V8 reads flags only at start (decision 0037).
 * PGlite is PostgreSQL compiled to WebAssembly: V8 compiles it with its baseline compiler (Liftoff),
 * then recompiles the hot functions with its optimizing one (TurboFan), which on Node 24 took the
 * server from 225 to 330 MB resident after start and to a peak of 829 MB
 * (bench/results/pglite-memory-2026-12-02.md). `--liftoff-only` implies the other two; they are
 * spelled out so that the list says what it does. WebAssembly only, never JavaScript. The short-lived
 * child that creates the database below runs without them, as it always did.
 */
export const PGLITE_NODE_FLAGS = [
  "--liftoff-only",
  "--no-wasm-tier-up",
  "--no-wasm-dynamic-tiering",
] as const;

/** PGlite's own start parameters plus ours (a `startParams` option replaces PGlite's, so they are repeated). */
export async function pgliteOptions(): Promise<PGliteOptions> {
  const { PGlite } = await import("@electric-sql/pglite");
  return { startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${SHARED_BUFFERS}`] };
}

// Runs in a child process: creates the database in argv[2] with the options in argv[3], then exits.
const CREATE_SCRIPT = `
const { PGlite } = require(process.argv[1]);
PGlite.create(process.argv[2], JSON.parse(process.argv[3])).then((db) => db.close());
`;

/**
 * Creates the database in `directory` unless it holds one. PGlite's initdb runs a second, temporary
 * PostgreSQL in the same process and copies its data directory through memory: 500-700 MB that the
 * garbage collector frees only later, and that would stay the server's peak memory for good. Like
 * PostgreSQL's own initdb, it runs here as a separate, short-lived process. It builds in a sibling
 * directory that is renamed when complete, so an interrupted first start leaves no half database;
 * a `directory` that holds other files is refused rather than built over.
 */
export async function createPgliteDirectory(directory: string): Promise<void> {
  const existing = await readdir(directory).catch((error: NodeJS.ErrnoException): string[] => {
    if (error.code === "ENOENT") return [];
    throw error;
  });
  if (existing.includes("PG_VERSION")) return;
  if (existing.length > 0) {
    throw new Error(`${directory} holds files but no PGlite database; move them away and start again.`);
  }
  const building = `${directory}.creating`;
  await rm(building, { recursive: true, force: true });
  const entry = createRequire(import.meta.url).resolve("@electric-sql/pglite");
  const options = JSON.stringify(await pgliteOptions());
  try {
    await promisify(execFile)(process.execPath, ["-e", CREATE_SCRIPT, entry, building, options]);
  } catch (error) {
    await rm(building, { recursive: true, force: true });
    const stderr = (error as { stderr?: string }).stderr?.trim();
    throw new Error(`Could not create the PGlite database in ${directory}: ${stderr || error}`);
  }
  // Replaces the missing or empty `directory` in one step.
  await rename(building, directory);
}

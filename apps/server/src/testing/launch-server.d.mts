import type { ChildProcess } from "node:child_process";

export interface LaunchOptions {
  /** server.ts (with nodeArgs ["--import", "tsx"]) or a built server.js. */
  entry: string;
  /** The process's whole environment. */
  env: Record<string, string | undefined>;
  nodeArgs?: string[];
  cwd?: string;
}

export interface ServerProcess {
  child: ChildProcess;
  pid: number | undefined;
  /** http://127.0.0.1:<port> */
  url: string;
  port: number;
  /** Seconds from spawn until it served (and `readyPath` answered). */
  startSeconds: number;
  /** Everything the process wrote so far (stdout and stderr; the last megabyte). */
  output(): string;
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string>;
  /** Sends the signal (SIGTERM by default) and answers the exit code or the signal's name. */
  stop(signal?: NodeJS.Signals): Promise<number | string | undefined>;
  /** Peak and current resident memory, in MB. */
  memory(): { peakRssMb: number; rssMb: number };
}

/** The `node` flags of `npm start` (package.json), which every server started here gets too. */
export const START_NODE_FLAGS: readonly string[];

/** The flags between `node` and apps/server/dist/server.js in a start command; throws without them. */
export function startNodeFlags(command: string): string[];

export function spawnServer(options: LaunchOptions): { child: ChildProcess; output: () => string };

export function launchServer(
  options: LaunchOptions & { readyPath?: string; startTimeoutMs?: number },
): Promise<ServerProcess>;

export function stopServer(
  server: Pick<ServerProcess, "child" | "exited"> | undefined,
  signal?: NodeJS.Signals,
): Promise<number | string | undefined>;

// Real server processes for the process and system tests: server.ts run from source with tsx (no build
// needed), through the one launcher (launch-server.mjs) that the browser tests and benchmarks use too.
// Only the environment given reaches the process, so nothing leaks in from the shell running the tests.
import { fileURLToPath } from "node:url";
import { launchServer, type ServerProcess, spawnServer as spawnEntry } from "./launch-server.mjs";

export { type ServerProcess, stopServer } from "./launch-server.mjs";

const serverEntry = fileURLToPath(new URL("../server.ts", import.meta.url));
const baseEnv = { HOST: "127.0.0.1", PORT: "0", LOG_LEVEL: "info" };

/** Starts server.ts with only HOST, a free PORT, LOG_LEVEL=info and the given variables. */
export function spawnServer(env: Record<string, string>) {
  return spawnEntry({ entry: serverEntry, nodeArgs: ["--import", "tsx"], env: { ...baseEnv, ...env } });
}

/** Starts server.ts (see spawnServer) and resolves once it listens. */
export function startServer(env: Record<string, string>): Promise<ServerProcess> {
  return launchServer({ entry: serverEntry, nodeArgs: ["--import", "tsx"], env: { ...baseEnv, ...env } });
}

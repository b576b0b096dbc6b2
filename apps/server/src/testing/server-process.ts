// Real server processes for the process and system tests: server.ts run from source with tsx (no build
// needed), with only the environment given, so nothing leaks in from the shell running the tests.
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";

const serverEntry = fileURLToPath(new URL("../server.ts", import.meta.url));

export interface ServerProcess {
  child: ChildProcess;
  /** http://127.0.0.1:<port> */
  url: string;
  port: number;
  /** Everything the process wrote so far (stdout and stderr). */
  output(): string;
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string>;
}

const START_TIMEOUT_MS = 60_000;

/** Starts server.ts with only HOST, a free PORT, LOG_LEVEL=info and the given variables. */
export function spawnServer(env: Record<string, string>): { child: ChildProcess; output: () => string } {
  const child = spawn(process.execPath, ["--import", "tsx", serverEntry], {
    env: { HOST: "127.0.0.1", PORT: "0", LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  return { child, output: () => output };
}

/** Starts server.ts (see spawnServer) and resolves once it listens. */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const { child, output } = spawnServer(env);
  const exited = once(child, "exit").then(([code, signal]) => (code ?? signal) as number | string);

  // server.ts logs "Toolshop is serving http://host:port" once it listens (PORT=0: a free port).
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the server did not start:\n${output()}`)),
      START_TIMEOUT_MS,
    );
    const onData = () => {
      const match = output().match(/Toolshop is serving (http:\/\/[\d.]+:\d+)/);
      if (!match?.[1]) return;
      clearTimeout(timer);
      child.stdout?.off("data", onData);
      resolve(match[1]);
    };
    child.stdout?.on("data", onData);
    exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited with ${code} before serving:\n${output()}`));
    });
  });
  return { child, url, port: Number(new URL(url).port), output, exited };
}

/** Sends the signal and waits for the exit; answers the exit code or the signal's name. */
export async function stopServer(
  server: ServerProcess | undefined,
  signal: NodeJS.Signals = "SIGTERM",
): Promise<number | string | undefined> {
  if (!server) return undefined;
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill(signal);
  return server.exited;
}

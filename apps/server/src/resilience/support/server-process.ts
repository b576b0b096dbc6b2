// Real server processes for the system tests: server.ts run from source with tsx (no build needed),
// with only the environment given, so nothing leaks in from the shell running the tests.
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";

const serverEntry = fileURLToPath(new URL("../../server.ts", import.meta.url));

/** The secret every test server signs its access tokens with (tests sign theirs with it too). */
export const TEST_AUTH_SECRET = "resilience-test-secret-at-least-32-characters";
/** The shop's public address (the port is random): identity calls must come from this origin. */
export const TEST_PUBLIC_URL = "http://localhost:3000";

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

export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", serverEntry], {
    env: {
      PATH: process.env.PATH ?? "",
      HOST: "127.0.0.1",
      PORT: "0",
      NODE_ENV: "test",
      LOG_LEVEL: "info",
      AUTH_SECRET: TEST_AUTH_SECRET,
      PUBLIC_URL: TEST_PUBLIC_URL,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const exited = once(child, "exit").then(([code, signal]) => (code ?? signal) as number | string);

  // server.ts logs "Toolshop is serving http://host:port" once it listens (PORT=0: a free port).
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the server did not start:\n${output}`)),
      START_TIMEOUT_MS,
    );
    const onData = () => {
      const match = output.match(/Toolshop is serving (http:\/\/[\d.]+:\d+)/);
      if (!match?.[1]) return;
      clearTimeout(timer);
      child.stdout?.off("data", onData);
      resolve(match[1]);
    };
    child.stdout?.on("data", onData);
    exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited with ${code} before serving:\n${output}`));
    });
  });
  return { child, url, port: Number(new URL(url).port), output: () => output, exited };
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

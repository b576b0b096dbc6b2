// The one way a test, a browser test or a benchmark starts a real server process. Plain JavaScript (with
// launch-server.d.mts beside it), so the benchmarks run it with plain node and the TypeScript suites
// import it as they are. The caller gives the entry (server.ts through tsx, or the built server.js) and
// the whole environment; nothing leaks in from the shell unless the caller passes it on.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { readFileSync } from "node:fs";

const DEFAULT_START_TIMEOUT_MS = 60_000;

/**
 * The `node` flags of `npm start` (package.json; README says why it has them, decision 0037): servers
 * started here run as `npm start` and the container run them. Read from the command line they are on,
 * so that there is one list.
 */
export const START_NODE_FLAGS = startNodeFlags(
  JSON.parse(readFileSync(new URL("../../../../package.json", import.meta.url), "utf8")).scripts.start,
);

/** The flags between `node` and the entry in a start command such as `npm run build && node … server.js`. */
export function startNodeFlags(command) {
  const match = / node ((?:--\S+ )*)apps\/server\/dist\/server\.js$/.exec(command);
  if (!match)
    throw new Error(`npm start does not end with "node [flags] apps/server/dist/server.js": ${command}`);
  return match[1].split(" ").filter(Boolean);
}
/** Output kept for error messages and log assertions: the last megabyte is plenty, and bounded under load. */
const OUTPUT_LIMIT = 1_000_000;

/**
 * Spawns `node [...START_NODE_FLAGS, ...nodeArgs, entry]` with exactly `env`, collecting stdout and
 * stderr together.
 */
export function spawnServer({ entry, env, nodeArgs = [], cwd }) {
  const child = spawn(process.execPath, [...START_NODE_FLAGS, ...nodeArgs, entry], {
    cwd,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const collect = (chunk) => {
    output += chunk;
    if (output.length > OUTPUT_LIMIT) output = output.slice(-OUTPUT_LIMIT / 2);
  };
  child.stdout.on("data", collect);
  child.stderr.on("data", collect);
  return { child, output: () => output };
}

/**
 * Starts the server and resolves once it listens: server.ts logs "Toolshop is serving http://host:port"
 * (at info; PORT=0 picks a free port). With `readyPath`, it then also waits for that path to answer 2xx
 * (the benchmarks time a cold start until the catalogue answers). Rejects with the output if the
 * process exits first or does not start in time.
 */
export async function launchServer({ readyPath, startTimeoutMs = DEFAULT_START_TIMEOUT_MS, ...options }) {
  const started = performance.now();
  const { child, output } = spawnServer(options);
  const exited = once(child, "exit").then(([code, signal]) => code ?? signal);
  const failure = (reason) => new Error(`${reason}:\n${output().slice(-4000)}`);

  let timer;
  const timedOut = new Promise((_, reject) => {
    timer = setTimeout(() => reject(failure("the server did not start in time")), startTimeoutMs);
  });
  const died = exited.then((code) => {
    throw failure(`the server exited with ${code} before serving`);
  });
  died.catch(() => undefined);
  try {
    const url = await Promise.race([servingUrl(child, output), died, timedOut]);
    if (readyPath) await Promise.race([answers(`${url}${readyPath}`), died, timedOut]);
    return {
      child,
      pid: child.pid,
      url,
      port: Number(new URL(url).port),
      startSeconds: (performance.now() - started) / 1000,
      output,
      exited,
      stop: (signal = "SIGTERM") => stopServer({ child, exited }, signal),
      memory: () => memoryOf(child.pid),
    };
  } catch (error) {
    child.kill("SIGKILL");
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** Sends the signal (unless the process has ended) and answers its exit code or the signal's name. */
export async function stopServer(server, signal = "SIGTERM") {
  if (!server) return undefined;
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill(signal);
  return server.exited;
}

function servingUrl(child, output) {
  return new Promise((resolve) => {
    const onData = () => {
      const match = output().match(/Toolshop is serving (http:\/\/[\d.]+:\d+)/);
      if (!match) return;
      child.stdout.off("data", onData);
      resolve(match[1]);
    };
    child.stdout.on("data", onData);
    onData();
  });
}

async function answers(url) {
  for (;;) {
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Peak and current resident memory of a process, in MB (Linux). */
function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field) => Number(status.match(new RegExp(`^${field}:\\s+(\\d+) kB`, "m"))?.[1] ?? 0);
  return { peakRssMb: Math.round(kb("VmHWM") / 102.4) / 10, rssMb: Math.round(kb("VmRSS") / 102.4) / 10 };
}

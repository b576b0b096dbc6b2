// wrk (the Debian package), the benchmarks' HTTP load generator: one thread on its own core (taskset),
// so that it is not what limits the figures; each run also says how busy the generator's core and the
// servers' core were, so a reader can see which side saturated.
import { execFileSync, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const WRK = "wrk";
// Prints the summary as one JSON line (wrk's own text gives latencies rounded to 10 µs at best).
const REPORT_LUA = `
done = function(summary, latency, requests)
  io.write(string.format('{"requests":%d,"durationUs":%d,"bytes":%d,"connectErrors":%d,"readErrors":%d,"writeErrors":%d,"statusErrors":%d,"timeouts":%d,"p50Us":%d,"p99Us":%d,"maxUs":%d}\\n',
    summary.requests, summary.duration, summary.bytes, summary.errors.connect, summary.errors.read,
    summary.errors.write, summary.errors.status, summary.errors.timeout,
    latency:percentile(50), latency:percentile(99), latency.max))
end
`;

let scriptDir;
/**
 * A Lua script that sets the request and reports; one file per distinct request. `uniqueHeader`: a
 * header given a new value on every request (an Idempotency-Key); `bodies`: request bodies used in
 * turn, one per request (each payment its own client secret); `paths`: paths (with their query) used
 * in turn instead of the URL's (searches for different words); `rotatingHeader`: a header whose values
 * are used in turn, in step with `bodies` (each customer's own token with that customer's payment),
 * starting after the first `rotatingHeader.sent` of them when it is given (each run then adds what it
 * sent, so that the next run goes on with the next values).
 */
function scriptFor({ method, body, uniqueHeader, bodies, paths, rotatingHeader }) {
  scriptDir ??= mkdtempSync(path.join(os.tmpdir(), "toolshop-wrk-"));
  const lines = [];
  if (method)
    lines.push(`wrk.method = ${JSON.stringify(method)}`, `wrk.body = ${JSON.stringify(body ?? "")}`);
  if (uniqueHeader || bodies || paths || rotatingHeader) {
    lines.push(`local count = ${rotatingHeader?.sent ?? 0}`);
    if (rotatingHeader)
      lines.push(
        `local headerValues = {${rotatingHeader.values.map((text) => JSON.stringify(text)).join(",\n")}}`,
      );
    if (bodies) lines.push(`local bodies = {${bodies.map((text) => JSON.stringify(text)).join(",\n")}}`);
    if (paths) lines.push(`local paths = {${paths.map((text) => JSON.stringify(text)).join(",\n")}}`);
    // A prefix of this run's own, so that two runs never send the same key.
    const prefix = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}-`;
    lines.push(
      "request = function()",
      "  count = count + 1",
      ...(uniqueHeader
        ? [`  wrk.headers[${JSON.stringify(uniqueHeader)}] = ${JSON.stringify(prefix)} .. count`]
        : []),
      ...(bodies ? ["  wrk.body = bodies[(count - 1) % #bodies + 1]"] : []),
      ...(rotatingHeader
        ? [
            `  wrk.headers[${JSON.stringify(rotatingHeader.name)}] = headerValues[(count - 1) % #headerValues + 1]`,
          ]
        : []),
      paths ? "  return wrk.format(nil, paths[(count - 1) % #paths + 1])" : "  return wrk.format()",
      "end",
    );
  }
  const request = lines.join("\n");
  const file = path.join(scriptDir, `${createHash("sha1").update(request).digest("hex").slice(0, 12)}.lua`);
  writeFileSync(file, `${request}\n${REPORT_LUA}`);
  return file;
}

/**
 * The load generator: wrk when it is installed (or can be), else autocannon in several worker threads
 * (one autocannon thread saturates before the server does). BENCH_LOAD_GENERATOR=autocannon keeps to
 * autocannon (a machine where nothing is to be installed).
 */
export function pickLoadGenerator() {
  if (process.env.BENCH_LOAD_GENERATOR === "autocannon") return "autocannon";
  try {
    ensureWrk();
    return "wrk";
  } catch {
    return "autocannon";
  }
}

/** One run of the chosen generator; both answer wrk()'s shape. */
export function generateLoad(generator, url, options) {
  return generator === "wrk" ? wrk(url, options) : autocannonRun(url, options);
}

/** wrk on PATH, installed from Debian's packages when missing and this process is root. */
export function ensureWrk() {
  try {
    execFileSync(WRK, ["--version"], { stdio: "ignore" });
    return;
  } catch (error) {
    // wrk --version exits 1 after printing its version: only a missing binary is a problem.
    if (error.code !== "ENOENT") return;
  }
  if (process.getuid?.() !== 0) throw new Error("wrk is not installed (apt-get install wrk, as root)");
  execFileSync("apt-get", ["install", "-y", "-q", "wrk"], { stdio: "inherit" });
}

/** The last core for the servers, the others for the load generator; undefined on one core. */
export function coreSplit() {
  const count = os.cpus().length;
  if (process.env.BENCH_PIN === "0" || count < 2) return undefined;
  try {
    execFileSync("taskset", ["-V"], { stdio: "ignore" });
  } catch {
    return undefined;
  }
  return { servers: String(count - 1), loadGenerator: count === 2 ? "0" : `0-${count - 2}` };
}

/** Every thread of the process (V8's and libuv's too), and those it starts later. */
export function pin(pid, cpuList) {
  execFileSync("taskset", ["-a", "-p", "-c", cpuList, String(pid)], { stdio: "ignore" });
}

/**
 * One wrk run: `connections` keep-alive connections on one thread for `seconds`. Answers req/s,
 * p50/p99/max latency (ms, µs resolution), the number of failed or non-2xx/3xx answers, and how busy
 * the load generator's core(s) and the servers' core were (0..1) while it ran.
 */
export async function wrk(
  url,
  {
    connections = 50,
    seconds = 5,
    headers = {},
    method,
    body,
    uniqueHeader,
    bodies,
    paths,
    rotatingHeader,
  } = {},
) {
  const cores = coreSplit();
  const args = [
    "-t1",
    `-c${connections}`,
    `-d${seconds}s`,
    "--timeout",
    "10s",
    "-s",
    scriptFor({ method, body, uniqueHeader, bodies, paths, rotatingHeader }),
  ];
  for (const [name, value] of Object.entries(headers)) args.push("-H", `${name}: ${value}`);
  const command = cores ? ["taskset", ["-c", cores.loadGenerator, WRK, ...args, url]] : [WRK, [...args, url]];
  const before = cpuTimes();
  const output = await new Promise((resolve, reject) => {
    const child = spawn(command[0], command[1], { stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve(stdout) : reject(new Error(`wrk exited ${code}: ${stderr}`)),
    );
  });
  const busy = coreBusy(before, cpuTimes());
  const line = output
    .trim()
    .split("\n")
    .findLast((candidate) => candidate.startsWith("{"));
  if (!line) throw new Error(`wrk printed no summary:\n${output}`);
  const s = JSON.parse(line);
  // The next run goes on with the values after this one's: wrk had sent at most one more request per
  // connection than it counted as answered when it stopped.
  if (rotatingHeader?.sent !== undefined) rotatingHeader.sent += s.requests + connections;
  const coresOf = (list) => list.split(/[,-]/).map(Number);
  const busyOf = (list) => {
    const values = coresOf(list).map((core) => busy[core] ?? 0);
    return Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 100) / 100;
  };
  return {
    requestsPerSecond: s.requests / (s.durationUs / 1e6),
    requests: s.requests,
    p50: s.p50Us / 1000,
    p99: s.p99Us / 1000,
    max: s.maxUs / 1000,
    failed: s.connectErrors + s.readErrors + s.writeErrors + s.statusErrors + s.timeouts,
    statusErrors: s.statusErrors,
    timeouts: s.timeouts,
    clientCoreBusy: cores ? busyOf(cores.loadGenerator) : undefined,
    serverCoreBusy: cores ? busyOf(cores.servers) : undefined,
  };
}

/**
 * wrk's fallback: autocannon in worker threads, this process pinned to the generator's cores meanwhile.
 * `requests` (autocannon's sequence, with setupRequest/onResponse functions that keep per-connection
 * state) runs in this thread: functions cannot be handed to worker threads.
 */
export async function autocannonRun(
  url,
  { connections = 50, seconds = 5, headers = {}, method, body, requests } = {},
) {
  const { default: autocannon } = await import("autocannon");
  const cores = coreSplit();
  const workers = requests ? undefined : Math.max(2, os.cpus().length - 1);
  if (cores) pinSelf(cores.loadGenerator);
  const before = cpuTimes();
  let result;
  try {
    result = await autocannon({
      url,
      connections,
      duration: seconds,
      workers,
      headers,
      // Only when given: autocannon's workers refuse a method that is there but undefined.
      ...(method && { method }),
      ...(body && { body }),
      ...(requests && { requests }),
    });
  } finally {
    if (cores) pinSelf(`0-${os.cpus().length - 1}`);
  }
  const busy = coreBusy(before, cpuTimes());
  const busyOf = (list) => {
    const values = list.split(/[,-]/).map((core) => busy[Number(core)] ?? 0);
    return Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 100) / 100;
  };
  return {
    requestsPerSecond: result.requests.total / result.duration,
    requests: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    failed: result.errors + result.timeouts + result.non2xx,
    ok: result["2xx"],
    seconds: result.duration,
    statusCodes: Object.fromEntries(
      Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => [code, Number(count)]),
    ),
    statusErrors: result.non2xx,
    timeouts: result.timeouts,
    clientCoreBusy: cores ? busyOf(cores.loadGenerator) : undefined,
    serverCoreBusy: cores ? busyOf(cores.servers) : undefined,
  };
}

/**
 * This process on these cores. taskset -a fails when one of the threads it lists ends before it is set
 * (an earlier run's autocannon workers ending): tried again a few times, then left as it is.
 */
function pinSelf(cpuList) {
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      pin(process.pid, cpuList);
      return;
    } catch {
      execFileSync("sleep", ["0.1"]);
    }
  }
}

/** Which side limited a run: the core at (nearly) full use, or neither. */
export function saturatedSide(sample) {
  if (sample.clientCoreBusy === undefined) return "unknown (not pinned)";
  const client = sample.clientCoreBusy >= 0.95;
  const server = sample.serverCoreBusy >= 0.95;
  if (client && server) return "both cores";
  if (client) return "client (wrk) core";
  if (server) return "server core";
  return "neither core (latency-bound: database, I/O)";
}

/** Per-CPU [busy, total] jiffies from /proc/stat. */
function cpuTimes() {
  return readFileSync("/proc/stat", "utf8")
    .split("\n")
    .filter((line) => /^cpu\d+ /.test(line))
    .map((line) => {
      const [, ...fields] = line.trim().split(/\s+/);
      const values = fields.map(Number);
      const idle = values[3] + values[4];
      const total = values.slice(0, 8).reduce((a, b) => a + b, 0);
      return [total - idle, total];
    });
}

function coreBusy(before, after) {
  return after.map(([busy, total], core) => {
    const dt = total - before[core][1];
    return dt > 0 ? (busy - before[core][0]) / dt : 0;
  });
}

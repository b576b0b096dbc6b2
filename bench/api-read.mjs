#!/usr/bin/env node
// GET /api/tools and GET /api/review under load, side by side with a bare node:http server that answers
// the same bytes from memory (the ceiling), on PGlite and on PostgreSQL. "The same bytes": the ceiling
// replays the API's answer as captured from a first request — status, every header (security headers,
// ETag...) and body; only Date, Connection and Keep-Alive are Node's own, for both.
// Method, applied to ceiling and API alike: several rounds; in each, both targets are loaded back to
// back, in alternating order, so that whatever else loads the machine weighs on both; the ratio
// API/ceiling is taken per round and the median of those is the figure to compare between runs. With
// two cores or more (and taskset), the servers run on the last core and autocannon (this process) on
// the others, so neither competes with the load generator for a core. Also samples the server's peak
// RSS (VmHWM).
//   node bench/api-read.mjs   (BENCH_READ_SECONDS=3 BENCH_READ_ROUNDS=6 BENCH_READ_CONNECTIONS=10
//                              BENCH_READ_PIN=0 to leave the processes unpinned)
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import {
  ensureSnapshot,
  freePort,
  isMain,
  postgresVersion,
  root,
  round,
  scratchPostgres,
  startServer,
} from "./lib.mjs";

const seconds = Number(process.env.BENCH_READ_SECONDS ?? 3);
const rounds = Number(process.env.BENCH_READ_ROUNDS ?? 6);
const connections = Number(process.env.BENCH_READ_CONNECTIONS ?? 10);
const PATHS = ["/api/tools", "/api/review"];
const COMMAND = "node bench/api-read.mjs";
// Node writes these for every answer, the ceiling's included.
const NODE_OWN_HEADERS = new Set(["date", "connection", "keep-alive"]);

/** One database kind: "pglite" or "postgres". */
export async function apiRead(kind) {
  ensureSnapshot();
  const scratch = kind === "postgres" ? await scratchPostgres("read") : undefined;
  const workDir = mkdtempSync(path.join(os.tmpdir(), "toolshop-bench-read-"));
  const cores = coreSplit();
  const ownAffinity = cores ? affinityOf(process.pid) : undefined;
  let server;
  let ceiling;
  try {
    server = await startServer({ databaseUrl: scratch?.url });
    const answers = {};
    for (const url of PATHS) answers[url] = await capture(`${server.base}${url}`);
    ceiling = await startCeiling(workDir, answers);
    if (cores) {
      pin(process.pid, cores.loadGenerator);
      pin(server.pid, cores.servers);
      pin(ceiling.pid, cores.servers);
    }

    const samples = Object.fromEntries(PATHS.map((url) => [url, { api: [], ceiling: [] }]));
    for (let turn = 0; turn < rounds; turn++) {
      for (const url of PATHS) {
        const targets = [
          ["ceiling", ceiling],
          ["api", server],
        ];
        if (turn % 2 === 1) targets.reverse();
        for (const [name, target] of targets) {
          samples[url][name].push(await load(`${target.base}${url}`, target.pid));
        }
      }
    }
    const memory = server.memory();
    const endpoints = Object.fromEntries(
      PATHS.map((url) => {
        const { api, ceiling: bare } = samples[url];
        const ratios = api.map((sample, turn) => sample.requestsPerSecond / bare[turn].requestsPerSecond);
        return [
          `GET ${url}`,
          {
            bodyBytes: answers[url].body.length,
            headerBytes: answers[url].headerBytes,
            api: summarize(api),
            ceiling: summarize(bare),
            ratioToCeiling: round(median(ratios), 2),
            ratiosPerRound: ratios.map((ratio) => round(ratio, 2)),
          },
        ];
      }),
    );
    return {
      database:
        kind === "postgres" ? `PostgreSQL ${await postgresVersion(scratch.url)}` : "PGlite (in process)",
      command: `${COMMAND}  (database: ${kind})`,
      connections,
      secondsPerSample: seconds,
      rounds,
      pinning: cores
        ? `servers on CPU ${cores.servers}, autocannon on CPU ${cores.loadGenerator} (taskset)`
        : "none",
      endpoints,
      serverMemoryUnderReadLoad: memory,
    };
  } finally {
    if (ownAffinity) pin(process.pid, ownAffinity);
    await server?.stop();
    ceiling?.stop();
    await scratch?.drop();
    rmSync(workDir, { recursive: true, force: true });
  }
}

/** The API's whole answer: status, raw headers (names as sent, in order) but Node's own, and body. */
function capture(url) {
  return new Promise((resolve, reject) => {
    httpRequest(url, (response) => {
      const chunks = [];
      response.on("data", (chunk) => chunks.push(chunk));
      response.on("error", reject);
      response.on("end", () => {
        if (response.statusCode !== 200) {
          reject(new Error(`${url} answered ${response.statusCode}`));
          return;
        }
        const rawHeaders = [];
        for (let i = 0; i < response.rawHeaders.length; i += 2) {
          const name = response.rawHeaders[i];
          if (!NODE_OWN_HEADERS.has(name.toLowerCase())) rawHeaders.push(name, response.rawHeaders[i + 1]);
        }
        const keepAlive = /timeout=(\d+)/.exec(response.headers["keep-alive"] ?? "");
        resolve({
          status: response.statusCode,
          rawHeaders,
          // As on the wire, "Name: value\r\n" (2 more bytes per name and per value); Node's own aside.
          headerBytes: rawHeaders.reduce((sum, part) => sum + part.length + 2, 0),
          keepAliveTimeoutMs: keepAlive ? Number(keepAlive[1]) * 1000 : undefined,
          body: Buffer.concat(chunks),
        });
      });
    })
      .on("error", reject)
      .end();
  });
}

async function startCeiling(workDir, answers) {
  const routesFile = path.join(workDir, "routes.json");
  const routes = Object.fromEntries(
    Object.entries(answers).map(([url, answer]) => [
      url,
      { status: answer.status, rawHeaders: answer.rawHeaders, body: answer.body.toString("base64") },
    ]),
  );
  const keepAliveTimeoutMs = Object.values(answers)[0].keepAliveTimeoutMs;
  writeFileSync(routesFile, JSON.stringify({ keepAliveTimeoutMs, routes }));
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [path.join(root, "bench/ceiling-server.mjs"), String(port), routesFile],
    {
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  await new Promise((resolve, reject) => {
    child.stdout.once("data", resolve);
    child.once("exit", (code) => reject(new Error(`the ceiling server exited (${code})`)));
  });
  return { base: `http://127.0.0.1:${port}`, pid: child.pid, stop: () => child.kill("SIGTERM") };
}

/** The last core for the servers, the others for autocannon; undefined on one core or without taskset. */
function coreSplit() {
  const count = os.cpus().length;
  if (process.env.BENCH_READ_PIN === "0" || count < 2) return undefined;
  try {
    execFileSync("taskset", ["-V"], { stdio: "ignore" });
  } catch {
    return undefined;
  }
  return { servers: String(count - 1), loadGenerator: count === 2 ? "0" : `0-${count - 2}` };
}

function affinityOf(pid) {
  const output = execFileSync("taskset", ["-c", "-p", String(pid)], { encoding: "utf8" });
  return output.trim().split(": ").at(-1);
}

/** Every thread of the process (V8's and libuv's too), and those it starts later. */
function pin(pid, cpuList) {
  execFileSync("taskset", ["-a", "-p", "-c", cpuList, String(pid)], { stdio: "ignore" });
}

/** One sample: req/s and latencies, and the server's CPU time per answer (user + system). */
async function load(url, pid) {
  await autocannon({ url, connections, duration: 1 }); // warm-up, not counted
  const cpuBefore = cpuTicks(pid);
  const result = await autocannon({ url, connections, duration: seconds });
  const cpuMicros = ((cpuTicks(pid) - cpuBefore) * 1e6) / clockTicksPerSecond();
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers and ${result.errors} errors`);
  }
  return {
    requestsPerSecond: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpuMicrosPerAnswer: cpuMicros / result.requests.total,
  };
}

/** utime + stime of the process, in clock ticks (proc(5)). */
function cpuTicks(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return Number(fields[11]) + Number(fields[12]);
}

let clockTicks;
function clockTicksPerSecond() {
  clockTicks ??= Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim());
  return clockTicks;
}

/** Medians over the rounds (one busy moment of the machine moves a mean, not a median). */
function summarize(samples) {
  const medianOf = (pick) => median(samples.map(pick));
  return {
    requestsPerSecond: Math.round(medianOf((sample) => sample.requestsPerSecond)),
    latencyMs: { p50: round(medianOf((sample) => sample.p50)), p99: round(medianOf((sample) => sample.p99)) },
    // Less sensitive to the machine's other load than req/s: what one answer costs the server.
    cpuMicrosPerAnswer: round(medianOf((sample) => sample.cpuMicrosPerAnswer)),
    samplesRequestsPerSecond: samples.map((sample) => Math.round(sample.requestsPerSecond)),
  };
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

if (isMain(import.meta.url)) {
  for (const kind of ["pglite", "postgres"]) console.log(JSON.stringify(await apiRead(kind), null, 2));
}

#!/usr/bin/env node
// GET /api/tools and GET /api/review under load, side by side with a bare node:http server that answers
// the same bytes from memory (the ceiling), on PGlite and on PostgreSQL. The two are measured in turns
// (ceiling, API, ceiling, API…) so that whatever else loads the machine weighs on both alike; the ratio
// API/ceiling is the figure to compare between runs. Also samples the server's peak RSS (VmHWM).
//   node bench/api-read.mjs        (BENCH_READ_SECONDS=5 BENCH_READ_ROUNDS=2 BENCH_READ_CONNECTIONS=10)
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
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

const seconds = Number(process.env.BENCH_READ_SECONDS ?? 5);
const rounds = Number(process.env.BENCH_READ_ROUNDS ?? 2);
const connections = Number(process.env.BENCH_READ_CONNECTIONS ?? 10);
const PATHS = ["/api/tools", "/api/review"];
const COMMAND = "node bench/api-read.mjs";

/** One database kind: "pglite" or "postgres". */
export async function apiRead(kind) {
  ensureSnapshot();
  const scratch = kind === "postgres" ? await scratchPostgres("read") : undefined;
  const workDir = mkdtempSync(path.join(os.tmpdir(), "toolshop-bench-read-"));
  let server;
  let ceiling;
  try {
    server = await startServer({ databaseUrl: scratch?.url });
    const bodies = {};
    for (const url of PATHS) {
      const response = await fetch(`${server.base}${url}`);
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      bodies[url] = Buffer.from(await response.arrayBuffer());
    }
    ceiling = await startCeiling(workDir, bodies);

    const samples = Object.fromEntries(PATHS.map((url) => [url, { api: [], ceiling: [] }]));
    for (let turn = 0; turn < rounds; turn++) {
      for (const url of PATHS) {
        samples[url].ceiling.push(await load(`${ceiling.base}${url}`));
        samples[url].api.push(await load(`${server.base}${url}`));
      }
    }
    const memory = server.memory();
    const endpoints = Object.fromEntries(
      PATHS.map((url) => {
        const api = summarize(samples[url].api);
        const bare = summarize(samples[url].ceiling);
        return [
          `GET ${url}`,
          {
            bodyBytes: bodies[url].length,
            api,
            ceiling: bare,
            ratioToCeiling: round(api.requestsPerSecond / bare.requestsPerSecond, 2),
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
      endpoints,
      serverMemoryUnderReadLoad: memory,
    };
  } finally {
    await server?.stop();
    ceiling?.stop();
    await scratch?.drop();
    rmSync(workDir, { recursive: true, force: true });
  }
}

async function startCeiling(workDir, bodies) {
  const routesFile = path.join(workDir, "routes.json");
  writeFileSync(
    routesFile,
    JSON.stringify(
      Object.fromEntries(Object.entries(bodies).map(([url, body]) => [url, body.toString("base64")])),
    ),
  );
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
  return { base: `http://127.0.0.1:${port}`, stop: () => child.kill("SIGTERM") };
}

async function load(url) {
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    warmup: { connections, duration: 1 },
  });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers and ${result.errors} errors`);
  }
  return {
    requestsPerSecond: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
  };
}

function summarize(samples) {
  const mean = (pick) => samples.reduce((sum, sample) => sum + pick(sample), 0) / samples.length;
  return {
    requestsPerSecond: Math.round(mean((sample) => sample.requestsPerSecond)),
    latencyMs: { p50: round(mean((sample) => sample.p50)), p99: round(mean((sample) => sample.p99)) },
    samplesRequestsPerSecond: samples.map((sample) => Math.round(sample.requestsPerSecond)),
  };
}

if (isMain(import.meta.url)) {
  for (const kind of ["pglite", "postgres"]) console.log(JSON.stringify(await apiRead(kind), null, 2));
}

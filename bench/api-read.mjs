#!/usr/bin/env node
// GET /api/tools and GET /api/review under load, side by side with a bare node:http server that answers
// the same bytes from memory (the ceiling) and, on PostgreSQL, the naive peer (node:http + pg,
// `SELECT * FROM tools` per request: bench/naive-peer.mjs). "The same bytes": the ceiling replays the
// API's answer as captured from a first request (sent with a browser's Accept-Encoding) — status, every
// header (security headers, ETag, content-encoding...) and body; only Date, Connection and Keep-Alive are
// Node's own, for both.
// Method, applied to every target alike: the load generator is wrk (one thread, pinned with taskset to
// its own core; the servers are pinned to the other; autocannon in worker threads only when wrk can
// be neither found nor installed), several rounds; in each, the targets are loaded
// back to back in rotating order, so that whatever else loads the machine weighs on all; ratios are
// taken per round and the median of those is the figure. Each sample records how busy the generator's
// and the servers' cores were (which side saturated) and the server's CPU time per answer.
//   node bench/api-read.mjs   (BENCH_READ_SECONDS=3 BENCH_READ_ROUNDS=3 BENCH_READ_CONNECTIONS=50)
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import os from "node:os";
import path from "node:path";
import {
  ensureSnapshot,
  freePort,
  isMain,
  postgresVersion,
  root,
  round,
  scratchPostgres,
  searchesFrom,
  startServer,
} from "./lib.mjs";
import { clockTicksPerSecond, cpuTicks, median } from "./proc.mjs";
import { coreSplit, generateLoad, pickLoadGenerator, pin, saturatedSide } from "./wrk.mjs";

const seconds = Number(process.env.BENCH_READ_SECONDS ?? 3);
const rounds = Number(process.env.BENCH_READ_ROUNDS ?? 3);
const connections = Number(process.env.BENCH_READ_CONNECTIONS ?? 50);
/**
 * After the catalogue's rounds, the API is loaded this long with searches (after 1 s of warm-up): the
 * catalogue is answered from memory and allocates little, so a peak RSS taken after it alone would
 * be the idle process's. The searches go to the database and allocate per request, as a shop's
 * other calls do (PGlite at seed size: 182 MB after the catalogue alone, 205-220 MB with searches
 * too, 2026-11-26).
 */
const searchSeconds = Number(process.env.BENCH_READ_SEARCH_SECONDS ?? 5);
/** What a browser sends: the API may compress, and the ceiling then replays the compressed answer. */
const ACCEPT_ENCODING = "gzip, deflate, br";
const PATHS = ["/api/tools", "/api/review"];
const COMMAND = "node bench/api-read.mjs";
// Node writes these for every answer, the ceiling's included.
const NODE_OWN_HEADERS = new Set(["date", "connection", "keep-alive"]);

/**
 * One database: kind "pglite" or "postgres"; `template` (PostgreSQL) clones a seeded database (the
 * large size) instead of starting empty; `dataDir` (PGlite) runs on an existing data directory.
 */
export async function apiRead(kind, { template, dataDir, label = "seed size" } = {}) {
  ensureSnapshot();
  const generator = pickLoadGenerator();
  const scratch = kind === "postgres" ? await scratchPostgres("read", { template }) : undefined;
  const workDir = mkdtempSync(path.join(os.tmpdir(), "toolshop-bench-read-"));
  const cores = coreSplit();
  const peers = [];
  let server;
  try {
    server = await startServer({ databaseUrl: scratch?.url, dataDir });
    const answers = {};
    for (const url of PATHS) answers[url] = await capture(`${server.base}${url}`);
    const ceiling = await startPeer(workDir, "ceiling", answers);
    peers.push(ceiling);
    const naive = scratch ? await startPeer(workDir, "naive", scratch.url) : undefined;
    if (naive) peers.push(naive);
    if (cores) for (const pid of [server.pid, ...peers.map((peer) => peer.pid)]) pin(pid, cores.servers);

    const targetsOf = (url) => [
      ["ceiling", ceiling],
      ["api", server],
      ...(naive && url === "/api/tools" ? [["naive", naive]] : []),
    ];
    const samples = Object.fromEntries(
      PATHS.map((url) => [url, Object.fromEntries(targetsOf(url).map(([name]) => [name, []]))]),
    );
    for (let turn = 0; turn < rounds; turn++) {
      for (const url of PATHS) {
        const targets = targetsOf(url);
        // Rotated each round: no target always runs first (or right after the heaviest).
        const rotated = [...targets.slice(turn % targets.length), ...targets.slice(0, turn % targets.length)];
        for (const [name, target] of rotated)
          samples[url][name].push(await load(generator, `${target.base}${url}`, target.pid));
      }
    }
    const catalogue = JSON.parse(await decoded(answers["/api/tools"]));
    const searches = await searchLoad(generator, server, catalogue);
    const memory = server.memory();
    // A peer that answered nothing in a round (the naive one at the large size) makes no ratio: null.
    const ratio = (of, to) => {
      if (!to || of.length !== to.length) return undefined;
      if (to.some((sample) => sample.requests === 0)) return null;
      return round(
        median(of.map((sample, turn) => sample.requestsPerSecond / to[turn].requestsPerSecond)),
        2,
      );
    };
    const endpoints = Object.fromEntries(
      PATHS.map((url) => {
        const byTarget = samples[url];
        return [
          `GET ${url}`,
          {
            bodyBytes: answers[url].body.length,
            contentEncoding: answers[url].contentEncoding ?? "identity",
            headerBytes: answers[url].headerBytes,
            ...Object.fromEntries(Object.entries(byTarget).map(([name, list]) => [name, summarize(list)])),
            ratioToCeiling: ratio(byTarget.api, byTarget.ceiling),
            ratioToNaive: ratio(byTarget.api, byTarget.naive),
          },
        ];
      }),
    );
    return {
      database:
        kind === "postgres" ? `PostgreSQL ${await postgresVersion(scratch.url)}` : "PGlite (in process)",
      size: label,
      catalogueTools: catalogue.length,
      command: `${COMMAND}  (database: ${kind}, ${label})`,
      loadGenerator: generator === "wrk" ? "wrk, 1 thread" : "autocannon (wrk missing), worker threads",
      connections,
      secondsPerSample: seconds,
      rounds,
      pinning: cores
        ? `servers on CPU ${cores.servers}, ${generator} on CPU ${cores.loadGenerator} (taskset)`
        : "none",
      endpoints,
      searches,
      serverMemoryUnderReadLoad: memory,
    };
  } finally {
    await server?.stop();
    for (const peer of peers) peer.stop();
    await scratch?.drop();
    rmSync(workDir, { recursive: true, force: true });
  }
}

/**
 * The searches that follow the rounds, from the catalogue's names (lib.mjs searchesFrom), each
 * request the next one (wrk; autocannon repeats the first). Answers what they were and how they went.
 */
async function searchLoad(generator, server, catalogue) {
  const paths = searchesFrom(catalogue.map((tool) => tool.name));
  const url = `${server.base}${paths[0]}`;
  await generateLoad(generator, url, { connections, seconds: 1, paths });
  const result = await generateLoad(generator, url, { connections, seconds: searchSeconds, paths });
  if (result.failed) throw new Error(`searches: ${result.failed} failed or non-2xx answers`);
  return {
    different: generator === "wrk" ? paths.length : 1,
    seconds: searchSeconds,
    requestsPerSecond: Math.round(result.requestsPerSecond),
    latencyMs: { p50: round(result.p50, 2), p99: round(result.p99, 2) },
  };
}

/** The body as JSON text, whatever encoding the API chose. */
async function decoded(answer) {
  const zlib = await import("node:zlib");
  if (answer.contentEncoding === "gzip") return zlib.gunzipSync(answer.body).toString();
  if (answer.contentEncoding === "br") return zlib.brotliDecompressSync(answer.body).toString();
  if (answer.contentEncoding === "deflate") return zlib.inflateSync(answer.body).toString();
  return answer.body.toString();
}

/** The API's whole answer: status, raw headers (names as sent, in order) but Node's own, and body. */
function capture(url) {
  return new Promise((resolve, reject) => {
    httpRequest(url, { headers: { "accept-encoding": ACCEPT_ENCODING } }, (response) => {
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
          contentEncoding: response.headers["content-encoding"],
          body: Buffer.concat(chunks),
        });
      });
    })
      .on("error", reject)
      .end();
  });
}

/** The ceiling (answers: the captured answers) or the naive peer (answers: its PostgreSQL URL). */
async function startPeer(workDir, kind, answers) {
  let args;
  const port = await freePort();
  if (kind === "ceiling") {
    const routesFile = path.join(workDir, "routes.json");
    const routes = Object.fromEntries(
      Object.entries(answers).map(([url, answer]) => [
        url,
        { status: answer.status, rawHeaders: answer.rawHeaders, body: answer.body.toString("base64") },
      ]),
    );
    const keepAliveTimeoutMs = Object.values(answers)[0].keepAliveTimeoutMs;
    writeFileSync(routesFile, JSON.stringify({ keepAliveTimeoutMs, routes }));
    args = [path.join(root, "bench/ceiling-server.mjs"), String(port), routesFile];
  } else {
    args = [path.join(root, "bench/naive-peer.mjs"), String(port), answers];
  }
  const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "inherit"] });
  await new Promise((resolve, reject) => {
    child.stdout.once("data", resolve);
    child.once("exit", (code) => reject(new Error(`the ${kind} server exited (${code})`)));
  });
  return { base: `http://127.0.0.1:${port}`, pid: child.pid, stop: () => child.kill("SIGTERM") };
}

/** One sample: req/s and latencies, which core saturated, and the server's CPU time per answer. */
async function load(generator, url, pid) {
  const headers = { "accept-encoding": ACCEPT_ENCODING };
  await generateLoad(generator, url, { connections, seconds: 1, headers }); // warm-up, not counted
  const cpuBefore = cpuTicks(pid);
  const result = await generateLoad(generator, url, { connections, seconds, headers });
  const cpuMicros = ((cpuTicks(pid) - cpuBefore) * 1e6) / clockTicksPerSecond();
  // Timeouts (no answer within 10 s: the naive peer at the large size) are counted; errors stop it.
  if (result.failed > result.timeouts) throw new Error(`${url}: ${result.failed} failed or non-2xx answers`);
  return {
    ...result,
    cpuMicrosPerAnswer: result.requests ? cpuMicros / result.requests : null,
    saturated: saturatedSide(result),
  };
}

/** Medians over the rounds (one busy moment of the machine moves a mean, not a median). */
function summarize(samples) {
  const medianOf = (pick) => median(samples.map(pick).filter((value) => value !== null));
  const sides = samples.map((sample) => sample.saturated);
  return {
    requestsPerSecond: Math.round(medianOf((sample) => sample.requestsPerSecond)),
    latencyMs: {
      p50: round(
        medianOf((sample) => sample.p50),
        2,
      ),
      p99: round(
        medianOf((sample) => sample.p99),
        2,
      ),
    },
    // Less sensitive to the machine's other load than req/s: what one answer costs the server.
    cpuMicrosPerAnswer: round(medianOf((sample) => sample.cpuMicrosPerAnswer)),
    coreBusy: {
      client: round(
        medianOf((sample) => sample.clientCoreBusy ?? 0),
        2,
      ),
      server: round(
        medianOf((sample) => sample.serverCoreBusy ?? 0),
        2,
      ),
    },
    saturated: sides.sort(
      (a, b) => sides.filter((side) => side === b).length - sides.filter((side) => side === a).length,
    )[0],
    samplesRequestsPerSecond: samples.map((sample) => Math.round(sample.requestsPerSecond)),
    timeouts: samples.reduce((sum, sample) => sum + sample.timeouts, 0),
  };
}

if (isMain(import.meta.url)) {
  const kinds = process.argv.slice(2).length ? process.argv.slice(2) : ["pglite", "postgres"];
  for (const kind of kinds) console.log(JSON.stringify(await apiRead(kind), null, 2));
}

#!/usr/bin/env node
// Does a piece of per-request machinery still pay? Builds the server twice from the working tree with
// esbuild, as apps/server/build.mjs does: A as it is, B with source files swapped for others
// (--swap file=replacement, repeatable), then loads both alike with bench/api-read.mjs's method: wrk
// (one thread, its own core; the servers pinned to the other), rounds in alternating order, each on
// its own PGlite data directory, and answers the server's CPU time per answer, A against B.
//   node bench/compare-builds.mjs --swap apps/server/src/plugins/x.ts=/tmp/y.ts [--path /api/tools]
//   (BENCH_READ_SECONDS=3 BENCH_READ_ROUNDS=6 BENCH_READ_CONNECTIONS=50)
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { build } from "esbuild";
import { launchServer } from "../apps/server/src/testing/launch-server.mjs";
import { ensureSnapshot, freePort, isMain, root, round, snapshotWeb } from "./lib.mjs";
import { clockTicksPerSecond, cpuTicks, median } from "./proc.mjs";
import { coreSplit, ensureWrk, pin, saturatedSide, wrk } from "./wrk.mjs";

const seconds = Number(process.env.BENCH_READ_SECONDS ?? 3);
const rounds = Number(process.env.BENCH_READ_ROUNDS ?? 6);
const connections = Number(process.env.BENCH_READ_CONNECTIONS ?? 50);
const buildsDir = path.join(root, "bench/.snapshot-ab");

/** swaps: { "apps/server/src/...": "/path/to/replacement" } for B. */
export async function compareBuilds(swaps, { url = "/api/tools" } = {}) {
  ensureSnapshot();
  ensureWrk();
  rmSync(buildsDir, { recursive: true, force: true });
  const entries = { A: await bundle("a", {}), B: await bundle("b", swaps) };
  const cores = coreSplit();
  const servers = {};
  try {
    for (const [name, entry] of Object.entries(entries)) {
      servers[name] = await start(entry);
      if (cores) pin(servers[name].pid, cores.servers);
    }
    const samples = { A: [], B: [] };
    for (let turn = 0; turn < rounds; turn++) {
      for (const name of turn % 2 === 0 ? ["A", "B"] : ["B", "A"]) {
        samples[name].push(await sample(`${servers[name].url}${url}`, servers[name].pid));
      }
    }
    const summary = (list) => ({
      cpuMicrosPerAnswer: round(median(list.map((entry) => entry.cpuMicros))),
      requestsPerSecond: Math.round(median(list.map((entry) => entry.requestsPerSecond))),
      samplesCpuMicros: list.map((entry) => round(entry.cpuMicros)),
      saturated: list.map((entry) => entry.saturated),
    });
    const perRound = samples.A.map((a, turn) => a.cpuMicros / samples.B[turn].cpuMicros);
    return {
      command: `node bench/compare-builds.mjs ${Object.entries(swaps)
        .map(([from, to]) => `--swap ${from}=${to}`)
        .join(" ")} --path ${url}`,
      request: `GET ${url}`,
      method: `wrk, ${connections} connections, ${rounds} rounds of ${seconds} s per build (after 1 s warm-up), alternating order; PGlite`,
      A: { build: "the working tree", ...summary(samples.A) },
      B: { build: `with ${Object.keys(swaps).join(", ")} swapped`, ...summary(samples.B) },
      // Median of the per-round ratios: above 1, A spends more CPU per answer than B.
      cpuRatioAtoB: round(median(perRound), 3),
    };
  } finally {
    for (const server of Object.values(servers)) await server.stop();
    rmSync(buildsDir, { recursive: true, force: true });
  }
}

/** apps/server/build.mjs's bundle, with `swaps` resolved to their replacements. */
async function bundle(name, swaps) {
  const dir = path.join(buildsDir, name);
  const swapped = new Map(
    Object.entries(swaps).map(([from, to]) => [path.resolve(root, from), path.resolve(to)]),
  );
  await build({
    entryPoints: [path.join(root, "apps/server/src/server.ts")],
    outfile: path.join(dir, "apps/server/dist/server.js"),
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    logLevel: "warning",
    plugins: [
      {
        name: "external-dependencies-and-swaps",
        setup(builder) {
          builder.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith("@toolshop/") ? undefined : { path: args.path, external: true },
          );
          builder.onResolve({ filter: /^\./ }, (args) => {
            const target = path.resolve(args.resolveDir, args.path);
            for (const candidate of [target, `${target}.ts`]) {
              if (swapped.has(candidate)) return { path: swapped.get(candidate) };
            }
            return undefined;
          });
        },
      },
    ],
  });
  // The migrations and the web app, where the bundle looks for them.
  symlinkSync(path.join(root, "packages/db/migrations"), path.join(dir, "apps/server/dist/migrations"));
  mkdirSync(path.join(dir, "apps/web"), { recursive: true });
  symlinkSync(snapshotWeb, path.join(dir, "apps/web/dist"));
  return path.join(dir, "apps/server/dist/server.js");
}

/** A built server through the shared launcher, as lib.mjs's startServer runs the snapshot. */
async function start(entry) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "toolshop-bench-ab-"));
  const server = await launchServer({
    entry,
    cwd: root,
    readyPath: "/api/tools",
    startTimeoutMs: 120_000,
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      AUTH_SECRET: randomBytes(32).toString("hex"),
      REDIS_URL: "",
      PAYMENT_GATEWAY: "test",
    },
  });
  return {
    ...server,
    async stop() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function sample(url, pid) {
  await wrk(url, { connections, seconds: 1 });
  const before = cpuTicks(pid);
  const result = await wrk(url, { connections, seconds });
  if (result.failed > 0) throw new Error(`${url}: ${result.failed} failed answers`);
  return {
    cpuMicros: ((cpuTicks(pid) - before) * 1e6) / clockTicksPerSecond() / result.requests,
    requestsPerSecond: result.requestsPerSecond,
    saturated: saturatedSide(result),
  };
}

if (isMain(import.meta.url)) {
  const { values } = parseArgs({
    options: { swap: { type: "string", multiple: true, default: [] }, path: { type: "string" } },
  });
  const swaps = Object.fromEntries(values.swap.map((pair) => pair.split("=")));
  console.log(JSON.stringify(await compareBuilds(swaps, { url: values.path }), null, 2));
}

#!/usr/bin/env node
// Does a piece of per-request machinery still pay? Builds the server twice from the working tree with
// esbuild, as apps/server/bundle.mjs does: A as it is, B with source files swapped for others
// (--swap file=replacement, repeatable; a replacement's relative imports resolve from its own folder,
// so put it beside the file it replaces), then loads both alike with bench/api-read.mjs's method: wrk
// (one thread, its own core; the servers pinned to the other), rounds in alternating order, each on
// its own PGlite data directory, and answers the server's CPU time per answer, A against B. With
// --large, each build runs on its own PostgreSQL clone of the large template instead (npm run
// seed:large's sizes, seeded if missing), signed in --as the bench's customer (1,000 orders) or admin.
//   node bench/compare-builds.mjs --swap apps/server/src/plugins/x.ts=apps/server/src/plugins/x.b.ts [--path /api/tools]
//   node bench/compare-builds.mjs --swap … --large --as customer --path /api/orders/customer-000002%40example.com
//   (BENCH_READ_SECONDS=3 BENCH_READ_ROUNDS=6 BENCH_READ_CONNECTIONS=50)
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { bundleServer } from "../apps/server/bundle.mjs";
import { launchServer } from "../apps/server/src/testing/launch-server.mjs";
import {
  BENCH_ADMIN_EMAIL,
  BENCH_CUSTOMER_EMAIL,
  LARGE_SIZES,
  largeTemplate,
  usersByEmail,
} from "./large-data.mjs";
import {
  ensureSnapshot,
  freePort,
  isMain,
  mintAccessToken,
  root,
  round,
  scratchPostgres,
  snapshotWeb,
} from "./lib.mjs";
import { clockTicksPerSecond, cpuTicks, median } from "./proc.mjs";
import { coreSplit, ensureWrk, pin, saturatedSide, wrk } from "./wrk.mjs";

const seconds = Number(process.env.BENCH_READ_SECONDS ?? 3);
const rounds = Number(process.env.BENCH_READ_ROUNDS ?? 6);
const connections = Number(process.env.BENCH_READ_CONNECTIONS ?? 50);
const buildsDir = path.join(root, "bench/.snapshot-ab");

/**
 * swaps: { "apps/server/src/...": "/path/to/replacement" } for B. large: PostgreSQL clones of the
 * large template, requests signed in as `as` ("customer" or "admin"), or anonymous.
 */
export async function compareBuilds(swaps, { url = "/api/tools", large = false, as } = {}) {
  ensureSnapshot();
  ensureWrk();
  rmSync(buildsDir, { recursive: true, force: true });
  const entries = { A: await bundle("a", {}), B: await bundle("b", swaps) };
  const template = large ? await largeTemplate(LARGE_SIZES, { reuse: true }) : undefined;
  const cores = coreSplit();
  const servers = {};
  try {
    for (const [name, entry] of Object.entries(entries)) {
      servers[name] = await start(
        entry,
        template && (await scratchPostgres("ab", { template: template.name })),
      );
      if (cores) pin(servers[name].pid, cores.servers);
      servers[name].headers = {
        "accept-encoding": "gzip, deflate, br",
        ...(await bearer(servers[name], as)),
      };
    }
    const samples = { A: [], B: [] };
    for (let turn = 0; turn < rounds; turn++) {
      for (const name of turn % 2 === 0 ? ["A", "B"] : ["B", "A"]) {
        const server = servers[name];
        samples[name].push(await sample(`${server.url}${url}`, server.pid, server.headers));
      }
    }
    const summary = (list) => ({
      cpuMicrosPerAnswer: round(median(list.map((entry) => entry.cpuMicros))),
      requestsPerSecond: Math.round(median(list.map((entry) => entry.requestsPerSecond))),
      p99Ms: round(median(list.map((entry) => entry.p99))),
      samplesCpuMicros: list.map((entry) => round(entry.cpuMicros)),
      saturated: list.map((entry) => entry.saturated),
    });
    const perRound = samples.A.map((a, turn) => a.cpuMicros / samples.B[turn].cpuMicros);
    return {
      command: `node bench/compare-builds.mjs ${Object.entries(swaps)
        .map(([from, to]) => `--swap ${from}=${to}`)
        .join(" ")} --path ${url}`,
      request: `GET ${url}`,
      method: `wrk, ${connections} connections, ${rounds} rounds of ${seconds} s per build (after 1 s warm-up), alternating order; ${template ? `PostgreSQL, a clone of ${template.name} per build${as ? `, as the bench's ${as}` : ""}` : "PGlite"}`,
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

/** apps/server/bundle.mjs's bundle, with `swaps` resolved to their replacements. */
async function bundle(name, swaps) {
  const dir = path.join(buildsDir, name);
  const swapped = new Map(
    Object.entries(swaps).map(([from, to]) => [path.resolve(root, from), path.resolve(to)]),
  );
  const swapping = {
    name: "swaps",
    setup(builder) {
      builder.onResolve({ filter: /^\./ }, (args) => {
        const target = path.resolve(args.resolveDir, args.path);
        for (const candidate of [target, `${target}.ts`]) {
          if (swapped.has(candidate)) return { path: swapped.get(candidate) };
        }
        return undefined;
      });
    },
  };
  await bundleServer(path.join(dir, "apps/server/dist"), { plugins: [swapping] });
  // The migrations and the web app, where the bundle looks for them.
  symlinkSync(path.join(root, "packages/db/migrations"), path.join(dir, "apps/server/dist/migrations"));
  mkdirSync(path.join(dir, "apps/web"), { recursive: true });
  symlinkSync(snapshotWeb, path.join(dir, "apps/web/dist"));
  return path.join(dir, "apps/server/dist/server.js");
}

/** The bench user's access token for this server's database, signed with its secret. */
async function bearer(server, as) {
  if (!as) return {};
  if (!server.databaseUrl) throw new Error("--as needs --large (the bench's users)");
  const email = { customer: BENCH_CUSTOMER_EMAIL, admin: BENCH_ADMIN_EMAIL }[as];
  if (!email) throw new Error(`--as: customer or admin, not ${as}`);
  const [user] = await usersByEmail(server.databaseUrl, [email]);
  return { authorization: `Bearer ${await mintAccessToken(server.authSecret, user)}` };
}

/**
 * A built server through the shared launcher, as lib.mjs's startServer runs the snapshot: on its own
 * PGlite data directory, or on `scratch` (a PostgreSQL database it drops when stopped).
 */
async function start(entry, scratch) {
  const port = await freePort();
  const authSecret = randomBytes(32).toString("hex");
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
      DATABASE_URL: scratch?.url ?? "",
      AUTH_SECRET: authSecret,
      REDIS_URL: "",
      PAYMENT_GATEWAY: "test",
    },
  });
  return {
    ...server,
    authSecret,
    databaseUrl: scratch?.url,
    async stop() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
      await scratch?.drop();
    },
  };
}

async function sample(url, pid, headers) {
  await wrk(url, { connections, seconds: 1, headers });
  const before = cpuTicks(pid);
  const result = await wrk(url, { connections, seconds, headers });
  if (result.failed > 0) throw new Error(`${url}: ${result.failed} failed answers`);
  return {
    cpuMicros: ((cpuTicks(pid) - before) * 1e6) / clockTicksPerSecond() / result.requests,
    requestsPerSecond: result.requestsPerSecond,
    p99: result.p99,
    saturated: saturatedSide(result),
  };
}

if (isMain(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      swap: { type: "string", multiple: true, default: [] },
      path: { type: "string" },
      large: { type: "boolean", default: false },
      as: { type: "string" },
    },
  });
  const swaps = Object.fromEntries(values.swap.map((pair) => pair.split("=")));
  const options = { url: values.path, large: values.large, as: values.as };
  console.log(JSON.stringify(await compareBuilds(swaps, options), null, 2));
}

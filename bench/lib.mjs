// Shared by the benchmarks: the built server they run (a snapshot of the build, so that the shared dist
// folders are only held while building), servers on scratch databases, and the machine's description.
import { execFileSync, spawn } from "node:child_process";
import { createHash, hkdfSync, randomBytes } from "node:crypto";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { launchServer } from "../apps/server/src/testing/launch-server.mjs";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** A copy of apps/server/dist and apps/web/dist inside the repository (so node_modules resolve). */
export const snapshotDir = path.join(root, "bench/.snapshot");
export const snapshotServer = path.join(snapshotDir, "apps/server/dist/server.js");
export const snapshotWeb = path.join(snapshotDir, "apps/web/dist");
export const resultsDir = path.join(root, "bench/results");

export const postgresServerUrl =
  process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * `npm run build` under /tmp/e2e.lock (the dist folders are shared with the browser tests), then a
 * copy of both dist folders for the benchmarks, so the lock is released as soon as the copy is made.
 * Answers the build's duration in seconds.
 */
export function buildSnapshot() {
  const script = [
    "set -e",
    "start=$(date +%s%N)",
    "npm run build >/dev/null",
    "end=$(date +%s%N)",
    `rm -rf '${snapshotDir}'`,
    `mkdir -p '${snapshotDir}/apps/server' '${snapshotDir}/apps/web'`,
    `cp -r apps/server/dist '${snapshotDir}/apps/server/dist'`,
    `cp -r apps/web/dist '${snapshotDir}/apps/web/dist'`,
    "echo $(( (end - start) / 1000000 ))",
  ].join("\n");
  const output = execFileSync("flock", ["/tmp/e2e.lock", "sh", "-c", script], {
    cwd: root,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });
  return Number(output.trim().split("\n").at(-1)) / 1000;
}

export function ensureSnapshot() {
  if (!existsSync(snapshotServer)) buildSnapshot();
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
    probe.on("error", reject);
  });
}

export function machine() {
  const cpus = os.cpus();
  return {
    cores: cpus.length,
    cpuModel: cpus[0]?.model ?? "unknown",
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    os: `${os.type()} ${os.release()}`,
    loadAverageAtStart: os.loadavg().map((value) => Math.round(value * 100) / 100),
    cpuCalibrationMsAtStart: cpuCalibrationMs(),
  };
}

/**
 * How fast this machine's core runs JavaScript now: a fixed piece of work like a server's (JSON out
 * and in, strings, a hash), best of five, in ms. The same machine type has run the whole suite at up
 * to twice its usual server CPU per answer on some days: this says which day a run had. It compares
 * runs on one Node version only (Node 24 runs it faster). A first pass warms the JIT up and is not
 * counted.
 */
export function cpuCalibrationMs() {
  const rows = Array.from({ length: 2_000 }, (_, i) => ({
    id: `tool-${i}`,
    name: `Cordless drill ${i % 97} V`,
    priceCents: (i * 7_919) % 100_000,
    tags: ["power", "drill", String(i % 13)],
  }));
  let best = Number.POSITIVE_INFINITY;
  for (let run = 0; run < 6; run++) {
    const started = performance.now();
    for (let i = 0; i < 40; i++) {
      const text = JSON.stringify(rows);
      createHash("sha256").update(text).digest();
      JSON.parse(text);
    }
    if (run > 0) best = Math.min(best, performance.now() - started);
  }
  return Math.round(best);
}

/** A scratch PostgreSQL database (empty, or a copy of `template`), dropped by `drop()`. */
export async function scratchPostgres(label, { template } = {}) {
  const name = `toolshop_bench_${label}_${randomBytes(4).toString("hex")}`;
  await adminQuery(`create database "${name}"${template ? ` template "${template}"` : ""}`);
  if (template) {
    // A clone writes the template's pages anew (hundreds of MB at the large size). Flushed now, or the
    // kernel writes them back 30 s later (vm.dirty_expire_centisecs), in the middle of a measurement,
    // and every commit's WAL flush waits behind them: a stall of 200-300 ms for every request in flight.
    await adminQuery("checkpoint");
    execFileSync("sync");
  }
  const url = new URL(postgresServerUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => adminQuery(`drop database if exists "${name}" with (force)`).catch(() => undefined),
  };
}

async function adminQuery(sql) {
  const client = new pg.Client({ connectionString: postgresServerUrl });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

export async function postgresVersion(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query("show server_version")).rows[0].server_version;
  } finally {
    await client.end();
  }
}

/** Flags for the servers' `node` while working on one thing: BENCH_SERVER_NODE_ARGS="--cpu-prof ...". */
export const extraNodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(" ").filter(Boolean) ?? [];

/**
 * The built server as `npm start` runs it (NODE_ENV=production, default log level), started by the
 * launcher the tests use, with BENCH_SERVER_NODE_ARGS after its flags. Resolves once `readyPath`
 * answers, with the time that took.
 */
export async function startServer({
  databaseUrl,
  dataDir,
  env = {},
  nodeArgs = [],
  readyPath = "/api/healthz",
}) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const ownDataDir = dataDir ?? mkdtempSync(path.join(os.tmpdir(), "toolshop-bench-"));
  const server = await launchServer({
    entry: snapshotServer,
    nodeArgs: [...nodeArgs, ...extraNodeArgs],
    cwd: root,
    readyPath,
    startTimeoutMs: 120_000,
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: base,
      DATA_DIR: ownDataDir,
      DATABASE_URL: databaseUrl ?? "",
      AUTH_SECRET: randomBytes(32).toString("hex"),
      REDIS_URL: "",
      // Production refuses to start without a chosen gateway; the benchmarks pay on the built-in one.
      PAYMENT_GATEWAY: "test",
      ...env,
    },
  });
  if (databaseUrl) {
    const ahead = await migrationsBeyondTheBuild(databaseUrl);
    if (ahead > 0) {
      console.error(
        `warning: the database holds ${ahead} migration(s) that the build under test does not: its figures are not that build's (compare such builds at seed size)`,
      );
    }
  }
  return {
    base,
    pid: server.pid,
    dataDir: ownDataDir,
    startSeconds: server.startSeconds,
    memory: server.memory,
    async stop({ keepDataDir = false } = {}) {
      await server.stop();
      if (!dataDir && !keepDataDir) rmSync(ownDataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The built server on a scratch database (empty, or a clone of `template`) for placing orders: one
 * customer may hold any number of unpaid orders (the shop lets one hold 3). Answers what
 * `measure(server, scratch)` does; the server is stopped and the database dropped however it ends.
 */
export async function withOrdersServer({ label, template, env = {} }, measure) {
  ensureSnapshot();
  const scratch = await scratchPostgres(label, { template });
  let server;
  try {
    server = await startServer({
      databaseUrl: scratch.url,
      env: { MAX_UNPAID_ORDERS_PER_CUSTOMER: "100000", ...env },
    });
    return await measure(server, scratch);
  } finally {
    await server?.stop();
    await scratch.drop();
  }
}

/** pg.Pool's default size, which the server's pool uses too (packages/db/src/client.ts). */
export const SERVER_POOL_SIZE = 10;

/**
 * The ceiling an API is measured against: `connections` workers each sending `transaction(pool)`
 * one after another on a pool of the server's size, for `warmupSeconds` unmeasured, then `seconds`.
 * Answers how many a second were measured, and their latencies in ms, sorted.
 */
export async function driveThroughPg(databaseUrl, { connections, warmupSeconds, seconds, transaction }) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: SERVER_POOL_SIZE });
  // Dropping the scratch database at the end ends connections the pool may still be closing.
  pool.on("error", () => undefined);
  const latencies = [];
  const workers = (forSeconds, measuring) => {
    const stopAt = performance.now() + forSeconds * 1000;
    const worker = async () => {
      while (performance.now() < stopAt) {
        const started = performance.now();
        await transaction(pool);
        if (measuring) latencies.push(performance.now() - started);
      }
    };
    return Promise.all(Array.from({ length: connections }, worker));
  };
  try {
    await workers(warmupSeconds, false);
    const started = performance.now();
    await workers(seconds, true);
    const elapsed = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    return { perSecond: round(latencies.length / elapsed), latencies };
  } finally {
    await pool.end();
  }
}

/**
 * How many migrations the database holds beyond the build's: a large-size clone follows the working
 * tree's, so an older build would run on newer tables and functions without a word.
 */
async function migrationsBeyondTheBuild(databaseUrl) {
  const journal = JSON.parse(
    readFileSync(path.join(snapshotDir, "apps/server/dist/migrations/meta/_journal.json"), "utf8"),
  );
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query("select count(*)::int as n from drizzle.__drizzle_migrations");
    return rows[0].n - journal.entries.length;
  } finally {
    await client.end();
  }
}

/** Signs up and in through the identity service and exchanges the session for an access token. */
export async function signUp(base) {
  const email = `bench-${randomBytes(4).toString("hex")}@example.com`;
  const headers = { "content-type": "application/json", origin: base };
  const signUpResponse = await fetch(`${base}/api/auth/sign-up/email`, {
    method: "POST",
    headers,
    body: JSON.stringify({ name: "Bench Customer", email, password: "benchPassword1" }),
  });
  if (!signUpResponse.ok)
    throw new Error(`sign-up failed: ${signUpResponse.status} ${await signUpResponse.text()}`);
  // Sign-up signs no one in (it answers alike for an address that has an account): sign in next.
  const signInResponse = await fetch(`${base}/api/auth/sign-in/email`, {
    method: "POST",
    headers,
    body: JSON.stringify({ email, password: "benchPassword1" }),
  });
  if (!signInResponse.ok)
    throw new Error(`sign-in failed: ${signInResponse.status} ${await signInResponse.text()}`);
  const cookie = signInResponse.headers
    .getSetCookie()
    .map((value) => value.split(";")[0])
    .join("; ");
  const tokenResponse = await fetch(`${base}/api/user/${encodeURIComponent(email)}`, {
    method: "PUT",
    headers: { ...headers, cookie },
    body: "{}",
  });
  if (!tokenResponse.ok)
    throw new Error(`token issue failed: ${tokenResponse.status} ${await tokenResponse.text()}`);
  return { email, token: (await tokenResponse.json()).accessToken };
}

/**
 * An access token as the API signs it (apps/server/src/plugins/auth/access-token.ts: HS256, key derived
 * from AUTH_SECRET with HKDF), for users the large seed made without identity accounts.
 */
export async function mintAccessToken(authSecret, user) {
  const { SignJWT } = await import("jose");
  const key = new Uint8Array(hkdfSync("sha256", authSecret, "toolshop", "access-token-signing-key", 32));
  // sid: the identity session the token belongs to; a made-up one is never revoked.
  return new SignJWT({ email: user.email, sid: user.sessionId ?? `bench-${randomBytes(8).toString("hex")}` })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(user.id)
    .setIssuer("toolshop")
    .setAudience("toolshop-api")
    .setIssuedAt()
    .setExpirationTime("1h")
    .sign(key);
}

export function ensureResultsDir() {
  mkdirSync(resultsDir, { recursive: true });
}

export function copyTree(from, to) {
  cpSync(from, to, { recursive: true });
}

export const round = (value, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

/** True when this module is the script node was started with. */
export function isMain(metaUrl) {
  return process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(metaUrl);
}

/** bench/smtp-sink.mjs as a child process; `stop()` answers how many mails it received. */
export async function startSmtpSink() {
  const child = spawn(process.execPath, [path.join(root, "bench/smtp-sink.mjs")], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const lines = readline.createInterface({ input: child.stdout });
  const iterator = lines[Symbol.asyncIterator]();
  const first = (await iterator.next()).value ?? "";
  const port = Number(first.match(/^ready (\d+)$/)?.[1]);
  if (!port) throw new Error(`The SMTP sink did not start: ${first}`);
  return {
    pid: child.pid,
    url: `smtp://127.0.0.1:${port}`,
    async stop() {
      child.kill("SIGTERM");
      const last = (await iterator.next()).value ?? "";
      lines.close();
      return Number(last.match(/^mails (\d+)$/)?.[1] ?? Number.NaN);
    },
  };
}

/**
 * Searches as visitors type them, from tools' names: whole words, the start of a word, and a word
 * followed by the start of the next; deterministic, at most `limit` of them, as GET paths.
 */
export function searchesFrom(names, limit = 200) {
  const queries = new Set();
  for (const name of names) {
    const words = name
      .toLowerCase()
      .split(/\s+/)
      .filter((word) => /^[a-z-]+$/.test(word));
    for (const [index, word] of words.entries()) {
      queries.add(word);
      queries.add(word.slice(0, 3));
      const next = words[index + 1];
      if (next) queries.add(`${word} ${next.slice(0, 2)}`);
    }
  }
  return [...queries]
    .sort()
    .filter((_, index, all) => index % Math.max(1, Math.floor(all.length / limit)) === 0)
    .slice(0, limit)
    .map((q) => `/api/tools/search?q=${encodeURIComponent(q)}`);
}

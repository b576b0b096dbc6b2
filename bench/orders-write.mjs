#!/usr/bin/env node
// How many orders per second POST /api/orders sustains on PostgreSQL. The script starts a fresh
// server on a fresh database, with a tool whose stock never runs out, signs up one customer through
// the real identity flow, then drives autocannon: 50 connections for 10 s (after 3 s of warm-up),
// each request a new order with its own Idempotency-Key, as the web sends them. It prints orders/s and
// latency and writes bench/results/orders-write.json. It also checks that every order answered 201 is
// in the database and that the stock went down by exactly one unit per order.
//
//   node bench/orders-write.mjs            (PostgreSQL at BENCH_DATABASE_URL, TEST_DATABASE_URL or
//                                           postgres://postgres@127.0.0.1:5432; needs CREATE DATABASE)
//   BENCH_CONNECTIONS=50 BENCH_DURATION=10 node bench/orders-write.mjs
import { spawn } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import pg from "pg";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const serverUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  "postgres://postgres@127.0.0.1:5432/postgres";
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const duration = Number(process.env.BENCH_DURATION ?? 10);
// Unmeasured seconds first, so that the figure is not the JIT compiler and lazy module loading warming up.
const warmupSeconds = Number(process.env.BENCH_WARMUP ?? 3);
const STOCK = 100_000_000;

const databaseName = `toolshop_bench_${randomBytes(4).toString("hex")}`;
const databaseUrl = withDatabase(serverUrl, databaseName);
const dataDir = mkdtempSync(path.join(os.tmpdir(), "toolshop-bench-"));
let server;

try {
  await admin((client) => client.query(`create database "${databaseName}"`));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  server = await startServer(port);
  const toolId = await addBenchTool();
  const token = await signUp(base);

  console.log(
    `POST /api/orders: ${connections} connections for ${duration} s (after ${warmupSeconds} s of warm-up) against ${base} (PostgreSQL)`,
  );
  const result = await autocannon({
    url: `${base}/api/orders`,
    connections,
    duration,
    warmup: { connections, duration: warmupSeconds },
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({
      toolId,
      address: "1 Bench Street, Springfield",
      phone: "+1 555-0100",
      quantity: 1,
    }),
    // A fresh Idempotency-Key per request, as the checkout screen sends one per order.
    setupRequest: (request) => ({
      ...request,
      headers: { ...request.headers, "idempotency-key": randomUUID() },
    }),
  });

  // Stopping lets the requests still in flight finish, so that the database is settled for the check.
  await stopServer();
  const check = await checkDatabase(toolId);
  const created = result["2xx"];
  const answered = created + (result.warmup?.["2xx"] ?? 0);
  // Each run (warm-up, measurement) stops counting with up to one request per connection in flight;
  // those orders are in the database too.
  const consistent =
    check.orders === STOCK - check.stock &&
    check.orders >= answered &&
    check.orders <= answered + 2 * connections;
  const report = {
    benchmark: "orders-write",
    date: new Date().toISOString(),
    command: "node bench/orders-write.mjs",
    endpoint: "POST /api/orders",
    database: `PostgreSQL ${check.version}`,
    connections,
    warmupSeconds,
    durationSeconds: result.duration,
    ordersPerSecond: Math.round((created / result.duration) * 10) / 10,
    requestsPerSecond: { mean: result.requests.mean, p50: result.requests.p50, min: result.requests.min },
    latencyMs: {
      p50: result.latency.p50,
      p90: result.latency.p90,
      p99: result.latency.p99,
      max: result.latency.max,
    },
    responses: {
      total: result.requests.total,
      "2xx": created,
      non2xx: result.non2xx,
      errors: result.errors,
      timeouts: result.timeouts,
    },
    check: {
      ordersInDatabase: check.orders,
      stockTaken: STOCK - check.stock,
      consistent,
    },
    machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model, node: process.version },
    server: "apps/server/src/server.ts via tsx, LOG_LEVEL=warn, one process",
  };
  mkdirSync(path.join(root, "bench/results"), { recursive: true });
  writeFileSync(path.join(root, "bench/results/orders-write.json"), `${JSON.stringify(report, null, 2)}\n`);

  console.log(
    `orders/s: ${report.ordersPerSecond}  (p99 latency ${report.latencyMs.p99} ms, p50 ${report.latencyMs.p50} ms)`,
  );
  console.log(`responses: ${created} created, ${result.non2xx} non-2xx, ${result.errors} errors`);
  console.log(
    `database check: ${check.orders} orders, ${STOCK - check.stock} units taken: ${report.check.consistent ? "consistent" : "INCONSISTENT"}`,
  );
  console.log("written: bench/results/orders-write.json");
  if (!report.check.consistent || result.non2xx > 0 || result.errors > 0) process.exitCode = 1;
} finally {
  await stopServer();
  await admin((client) => client.query(`drop database if exists "${databaseName}" with (force)`)).catch(
    () => undefined,
  );
  rmSync(dataDir, { recursive: true, force: true });
}

function withDatabase(url, database) {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function admin(work) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function query(sql, params = []) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows;
  } finally {
    await client.end();
  }
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
    probe.on("error", reject);
  });
}

/** The server from source, as one process; resolves once it answers /api/healthz. */
async function startServer(port) {
  const child = spawn(process.execPath, ["--import", "tsx", path.join(root, "apps/server/src/server.ts")], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      AUTH_SECRET: randomBytes(32).toString("hex"),
      LOG_LEVEL: "warn",
      REDIS_URL: "",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const exited = new Promise((_, reject) =>
    child.once("exit", (code) => reject(new Error(`the server exited (${code})`))),
  );
  for (let attempt = 0; attempt < 600; attempt++) {
    const ready = fetch(`http://127.0.0.1:${port}/api/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (await Promise.race([ready, exited])) return child;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill("SIGTERM");
  throw new Error("the server did not start within a minute");
}

async function stopServer() {
  if (!server || server.exitCode !== null) return;
  const stopped = new Promise((resolve) => server.once("exit", resolve));
  server.kill("SIGTERM");
  await stopped;
}

async function addBenchTool() {
  const [tool] = await query(
    `insert into tools (name, short, image, price_cents, min_quantity, available_quantity)
     values ('Bench Pliers', 'Pliers that never run out.', '/images/tools/pliers.svg', 1250, 1, $1) returning id`,
    [STOCK],
  );
  return tool.id;
}

/** Signs up through the identity service and exchanges the session for an access token. */
async function signUp(base) {
  const email = `bench-${randomBytes(4).toString("hex")}@example.com`;
  const headers = { "content-type": "application/json", origin: base };
  const signUpResponse = await fetch(`${base}/api/auth/sign-up/email`, {
    method: "POST",
    headers,
    body: JSON.stringify({ name: "Bench Customer", email, password: "benchPassword1" }),
  });
  if (!signUpResponse.ok)
    throw new Error(`sign-up failed: ${signUpResponse.status} ${await signUpResponse.text()}`);
  const cookie = signUpResponse.headers
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
  return (await tokenResponse.json()).accessToken;
}

async function checkDatabase(toolId) {
  const [row] = await query(
    `select (select count(*)::int from orders where tool_id = $1) as orders,
            (select available_quantity from tools where id = $1) as stock,
            current_setting('server_version') as version`,
    [toolId],
  );
  return row;
}

// The paid flow's server CPU with the mail worker in the serving process (WORKER on) and in a process
// of its own (WORKER=off + worker.ts): place an order, start its payment, confirm the card, record it
// paid, N times from a few customers at a time, against a local SMTP sink; the CPU is utime + stime of
// each process (/proc/<pid>/stat) over the flows and until every confirmation was sent.
// Run: TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --import tsx bench/paid-flow-worker.ts
import { once } from "node:events";
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { createTestDatabase } from "@toolshop/db/testing";
import {
  startServer,
  stopServer,
  TEST_AUTH_SECRET,
} from "../apps/server/src/resilience/support/server-process";
import { addCustomers, addTool, type Customer } from "../apps/server/src/resilience/support/shop-data";
import { spawnServer } from "../apps/server/src/testing/launch-server.mjs";
import { startSmtpPeer } from "../apps/server/src/testing/smtp-peer";
import { clockTicksPerSecond, cpuTicks } from "./proc.mjs";

const FLOWS = Number(process.env.BENCH_FLOWS ?? 200);
const CONCURRENCY = 4;
const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const CARD = { number: "4242424242424242", expMonth: 12, expYear: 2040, cvc: "123" };

async function api(url: string, who: Customer, method: string, path: string, body: object) {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { authorization: who.authorization, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as Record<string, unknown>;
  if (response.status >= 300) throw new Error(`${path}: ${response.status} ${JSON.stringify(answer)}`);
  return answer;
}

async function paidFlow(url: string, who: Customer, toolId: string) {
  const order = await api(url, who, "POST", "/api/orders", {
    toolId,
    address: "1 Main St",
    phone: "5550100",
    quantity: 1,
  });
  const intent = await api(url, who, "POST", "/api/create-payment-intent", { orderId: order._id });
  const confirmed = await api(url, who, "POST", "/api/test-gateway/confirm", {
    clientSecret: intent.clientSecret,
    card: CARD,
    billing: { name: "Ada", email: who.email },
  });
  await api(url, who, "PATCH", `/api/orders/${order._id}`, {
    transactionId: (confirmed.paymentIntent as { id: string }).id,
  });
}

async function measure(separateWorker: boolean) {
  const handle = await createTestDatabase({ kind: "postgres", postgresUrl: POSTGRES_URL });
  if (handle.kind !== "postgres") throw new Error("expected PostgreSQL");
  const database = { handle, url: handle.client.options.connectionString ?? "" };
  const tool = await addTool(database.handle.db, 1_000_000);
  const customers = await addCustomers(database.handle.db, 50);
  const relay = await startSmtpPeer();
  const env = {
    DATABASE_URL: database.url,
    SMTP_URL: relay.url,
    LOG_LEVEL: "warn",
    RATE_LIMIT_FACTOR: "10000",
  };
  const server = await startServer({
    ...env,
    LOG_LEVEL: "info",
    ...(separateWorker ? { WORKER: "off" } : {}),
  });
  const worker = separateWorker
    ? spawnServer({
        entry: fileURLToPath(new URL("../apps/server/src/worker.ts", import.meta.url)),
        nodeArgs: ["--import", "tsx"],
        env: { NODE_ENV: "test", AUTH_SECRET: TEST_AUTH_SECRET, ...env, LOG_LEVEL: "info" },
      })
    : undefined;
  while (worker && !worker.output().includes("worker is running jobs"))
    await new Promise((r) => setTimeout(r, 200));
  // A warm-up, then the measured flows.
  for (let i = 0; i < 20; i++)
    await paidFlow(server.url, customers[i % customers.length] as Customer, tool.id);
  while (relay.received.length < 20) await new Promise((r) => setTimeout(r, 100));
  const pids = [server.pid, worker?.child.pid].filter((pid): pid is number => pid !== undefined);
  const before = pids.map(cpuTicks);
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < FLOWS) {
        const index = next++;
        await paidFlow(server.url, customers[index % customers.length] as Customer, tool.id);
      }
    }),
  );
  while (relay.received.length < 20 + FLOWS) await new Promise((r) => setTimeout(r, 100));
  const micros = pids.map(
    (pid, i) => ((cpuTicks(pid) - (before[i] ?? 0)) * 1e6) / clockTicksPerSecond() / FLOWS,
  );
  await stopServer(server);
  if (worker) {
    worker.child.kill("SIGTERM");
    await once(worker.child, "exit");
  }
  await relay.close();
  await database.handle.close();
  return {
    serverCpuMicrosPerFlow: Math.round(micros[0] ?? 0),
    workerCpuMicrosPerFlow: Math.round(micros[1] ?? 0),
  };
}

const sameProcess = await measure(false);
const ownProcess = await measure(true);
const result = { flows: FLOWS, concurrency: CONCURRENCY, node: process.version, sameProcess, ownProcess };
console.log(JSON.stringify(result, null, 2));
const date = new Date().toISOString().slice(0, 10);
writeFileSync(
  new URL(`./results/paid-flow-worker-${date}.json`, import.meta.url),
  `${JSON.stringify(result, null, 2)}\n`,
);

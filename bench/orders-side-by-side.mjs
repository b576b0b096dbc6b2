#!/usr/bin/env node
// Orders per second at the large size against seed size, side by side: two servers, one on a database
// with the demo seed and one on a clone of the large template, both pinned to the servers' core, placed
// orders on in alternating rounds (as api-read.mjs alternates its servers). The machines of this
// workplace drift by tens of percent within minutes, and large-api.mjs's two suites run minutes apart:
// their orders/s ratio moved between 0.77 and 1.18 for one build. Here a drift falls on both sides of
// each round, and the figure is the median of the rounds' ratios.
//   node bench/orders-side-by-side.mjs [--reuse-seed] [--tools N --users N --orders N --reviews N]
import { randomBytes } from "node:crypto";
import {
  addBenchTool,
  benchData,
  PLACING_CUSTOMERS,
  signedInCustomers,
  templateFromCommandLine,
  withClient,
} from "./large-data.mjs";
import { ensureSnapshot, isMain, round, scratchPostgres, startServer } from "./lib.mjs";
import { median } from "./proc.mjs";
import { coreSplit, ensureWrk, pin, wrk } from "./wrk.mjs";

// Five: on 2026-11-27 single rounds of one run read 0.86 to 1.05; a median of three moved with one of them.
const ROUNDS = 5;
const SECONDS = Number(process.env.BENCH_API_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_API_CONNECTIONS ?? 50);
const ORDER = { address: "1 Bench Street, Springfield", phone: "+1 555-0100", quantity: 1 };

/** The median ratio of large-size to seed-size orders/s over ROUNDS alternating rounds. */
export async function ordersSideBySide(template) {
  ensureSnapshot();
  ensureWrk();
  const cores = coreSplit();
  const shops = [];
  try {
    for (const [label, from] of [
      ["seed size", undefined],
      ["large size", template],
    ]) {
      const shop = await openShop(label, from);
      shops.push(shop);
      shop.load = await placingLoad(shop);
    }
    if (cores) for (const shop of shops) pin(shop.server.pid, cores.servers);
    const rounds = [];
    for (let turn = 0; turn < ROUNDS; turn++) {
      const order = turn % 2 === 0 ? shops : [...shops].reverse();
      const perShop = {};
      for (const shop of order) {
        await wrk(`${shop.server.base}/api/orders`, { ...shop.load, seconds: 1 });
        const walBefore = await walCounters(shop.scratch.url);
        const result = await wrk(`${shop.server.base}/api/orders`, { ...shop.load, seconds: SECONDS });
        const walAfter = await walCounters(shop.scratch.url);
        const orders = Math.max(result.requests, 1);
        perShop[shop.label] = {
          requestsPerSecond: Math.round(result.requestsPerSecond),
          failed: result.failed,
          walBytesPerOrder: Math.round((walAfter.bytes - walBefore.bytes) / orders),
          fullPagesPerOrder: round((walAfter.fullPages - walBefore.fullPages) / orders, 2),
        };
      }
      rounds.push(perShop);
    }
    const ratios = rounds.map(
      (each) => each["large size"].requestsPerSecond / each["seed size"].requestsPerSecond,
    );
    return {
      command: "node bench/orders-side-by-side.mjs",
      request: `POST /api/orders (${PLACING_CUSTOMERS} customers in turn, ${CONNECTIONS} tools in turn)`,
      connections: CONNECTIONS,
      secondsPerSample: SECONDS,
      pinning: cores ? `both servers on CPU ${cores.servers}, wrk on CPU ${cores.loadGenerator}` : "none",
      rounds,
      ratios: ratios.map((ratio) => round(ratio, 2)),
      ratio: round(median(ratios), 2),
    };
  } finally {
    for (const shop of shops) {
      await shop.server.stop();
      await shop.scratch.drop();
    }
  }
}

/**
 * The cluster's WAL counters: every database's writes, so they are read around one shop's run at a
 * time. A page changed for the first time since a checkpoint is logged whole (8 KB): the figure that
 * grows with the data when writes land on pages all over an index.
 */
const walCounters = (url) =>
  withClient(url, async (client) => {
    const { rows } = await client.query(
      "select wal_bytes::float8 as bytes, wal_fpi::float8 as full_pages from pg_stat_wal",
    );
    return { bytes: rows[0].bytes, fullPages: rows[0].full_pages };
  });

/** A server on its own scratch database (empty, or a clone of `template`). */
async function openShop(label, template) {
  const scratch = await scratchPostgres("orders", { template: template?.name });
  const authSecret = randomBytes(32).toString("hex");
  const server = await startServer({
    databaseUrl: scratch.url,
    // Each customer places several orders over the rounds, unpaid; the shop lets a customer hold 3.
    env: { AUTH_SECRET: authSecret, MAX_UNPAID_ORDERS_PER_CUSTOMER: "100000" },
  }).catch(async (error) => {
    await scratch.drop();
    throw error;
  });
  return { label, template, scratch, server, authSecret };
}

/**
 * The bench's data, its placing customers and 50 tools: the wrk runs that place their orders, each
 * request the next customer's, for one of the tools in turn (as large-api.mjs's "place order").
 */
async function placingLoad({ template, scratch, server, authSecret }) {
  if (!template) await benchData(scratch.url);
  const tools = await Promise.all(Array.from({ length: CONNECTIONS }, () => addBenchTool(scratch.url)));
  const bodies = tools.map((toolId) => JSON.stringify({ toolId, ...ORDER }));
  const customers = await signedInCustomers(scratch.url, authSecret, server.base, bodies);
  return {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: bodies[0],
    bodies,
    rotatingHeader: customers,
    uniqueHeader: "Idempotency-Key",
    connections: CONNECTIONS,
  };
}

if (isMain(import.meta.url)) {
  console.log(JSON.stringify(await ordersSideBySide(await templateFromCommandLine()), null, 2));
}

#!/usr/bin/env node
// Issue 48's order rows at the large size on PostgreSQL, one server on a clone of the large template
// (pinned to the servers' core, the load generator on the other), 50 clients:
// - "three random tools": orders of three lines, each tool drawn at random from the catalogue at its
//   minimum quantity, placed by 2,000 customers in turn (target >= 300 orders/s,
//   p99 < 250 ms);
// - "sale": every order holds the same three tools (they queue on those rows' locks), against the same
//   transaction sent straight through `pg` (orders-write.mjs placeInOneTransaction, a pool of the
//   server's size, the same customers in turn), in alternating rounds; the ratio is the median of the
//   rounds' (target: the API within 1.5x of the driver);
// - "paid flow": place a three-line order, start its payment, pay it with 4242 on the test gateway,
//   each client one order after another (target >= 200 paid orders/s).
// The load is autocannon in this process (one thread; its request sequences keep the paid flow's order
// and secret per connection, which wrk's script would have to parse JSON for).
//   node bench/orders-large.mjs [--reuse-seed] [--tools N --users N --orders N --reviews N]
//   (BENCH_ORDERS_SECONDS=10 BENCH_ORDERS_WARMUP=3 BENCH_ORDERS_ROUNDS=3)
import { randomBytes, randomUUID } from "node:crypto";
import { addBenchTool, benchBuyers, templateFromCommandLine, withClient } from "./large-data.mjs";
import {
  driveThroughPg,
  isMain,
  mintAccessToken,
  postgresVersion,
  round,
  startSmtpSink,
  withOrdersServer,
} from "./lib.mjs";
import { placeInOneTransaction } from "./orders-write.mjs";
import { clockTicksPerSecond, cpuTicks, median } from "./proc.mjs";
import { autocannonRun, coreSplit, pin, saturatedSide } from "./wrk.mjs";

const SECONDS = Number(process.env.BENCH_ORDERS_SECONDS ?? 10);
const WARMUP = Number(process.env.BENCH_ORDERS_WARMUP ?? 3);
const ROUNDS = Number(process.env.BENCH_ORDERS_ROUNDS ?? 3);
const CONNECTIONS = 50;
/** Customers placing the orders in turn: each holds a few unpaid orders at the end, as in a shop. */
const CUSTOMERS = 2_000;
const DELIVERY = { address: "1 Bench Street, Springfield", phone: "+1 555-0100" };
const CARD = { number: "4242 4242 4242 4242", expMonth: 12, expYear: 2034, cvc: "123" };
export const TARGETS = { randomPerSecond: 300, randomP99Ms: 250, saleRatio: 1 / 1.5, paidPerSecond: 200 };

export async function ordersLarge(template) {
  const cores = coreSplit();
  const authSecret = randomBytes(32).toString("hex");
  const relay = await startSmtpSink();
  try {
    if (cores) pin(relay.pid, cores.loadGenerator);
    // Customers hold a few unpaid orders each over the rows.
    const options = {
      label: "orders_large",
      template: template.name,
      env: { AUTH_SECRET: authSecret, SMTP_URL: relay.url },
    };
    return await withOrdersServer(options, (server, scratch) =>
      measureRows(template, { server, scratch, authSecret, cores }),
    );
  } finally {
    await relay.stop();
  }
}

/** The three rows, measured on `server` over the clone `scratch`. */
async function measureRows(template, { server, scratch, authSecret, cores }) {
  // Every tool of the clone gets a million more units: a random draw of three lines then never runs
  // short, and the rows measure placing orders, not refusing them.
  await withClient(scratch.url, async (client) => {
    await client.query("update tools set available_quantity = available_quantity + 1000000");
    await client.query("vacuum analyze tools");
  });
  const randomBodies = await randomThreeLineBodies(scratch.url, 20_000);
  // The customers' tokens, signed as the API signs them; each row's warm-up is their first calls.
  const buyers = await benchBuyers(scratch.url, CUSTOMERS);
  const tokens = await Promise.all(
    buyers.map(async (user) => `Bearer ${await mintAccessToken(authSecret, user)}`),
  );
  if (cores) pin(server.pid, cores.servers);
  const load = (requests) => run(server, requests);

  progress("three random tools");
  const random = await load(() => placing(tokens, randomBodies));

  progress("sale: the same three tools, API and pg in alternating rounds");
  const saleTools = [await addBenchTool(scratch.url), await addBenchTool(scratch.url)];
  saleTools.push(await addBenchTool(scratch.url));
  const saleBody = JSON.stringify({
    lines: saleTools.map((toolId) => ({ toolId, quantity: 1 })),
    ...DELIVERY,
  });
  const sale = { api: [], driver: [] };
  for (let turn = 0; turn < ROUNDS; turn++) {
    const sides = [
      ["api", () => load(() => placing(tokens, [saleBody]))],
      ["driver", () => direct(scratch.url, buyers, saleTools, cores)],
    ];
    for (const [side, measure] of turn % 2 === 0 ? sides : sides.reverse()) sale[side].push(await measure());
  }
  const saleRatios = sale.api.map((api, turn) => api.ordersPerSecond / sale.driver[turn].ordersPerSecond);

  progress("paid flow");
  const flow = { latencies: [], measuring: false };
  const paidSince = new Date();
  const paid = await load(paying(tokens, randomBodies, flow));
  const paidInDatabase = await withClient(scratch.url, async (client) => {
    const { rows } = await client.query(
      "select count(*)::int as n from orders where status = 'paid' and paid_at >= $1",
      [paidSince],
    );
    return rows[0].n;
  });
  flow.latencies.sort((a, b) => a - b);
  const flowAt = (q) => round(flow.latencies[Math.floor(q * (flow.latencies.length - 1))] ?? 0);
  const paidPerSecond = round(flow.latencies.length / paid.seconds);

  const saleRatio = round(median(saleRatios), 2);
  return {
    command: "node bench/orders-large.mjs",
    database: `PostgreSQL ${await postgresVersion(scratch.url)}`,
    template: { name: template.name, command: template.command, reused: template.reused },
    loadGenerator: "autocannon, 1 thread (in the bench's process)",
    pinning: cores ? `server on CPU ${cores.servers}, autocannon on CPU ${cores.loadGenerator}` : "none",
    connections: CONNECTIONS,
    secondsPerSample: SECONDS,
    warmupSeconds: WARMUP,
    customers: tokens.length,
    targets: TARGETS,
    randomThreeTools: {
      ...random,
      meetsTarget: random.ordersPerSecond >= TARGETS.randomPerSecond && random.p99 < TARGETS.randomP99Ms,
    },
    sale: {
      rounds: sale,
      ratios: saleRatios.map((ratio) => round(ratio, 2)),
      ratio: saleRatio,
      meetsTarget: saleRatio >= TARGETS.saleRatio,
    },
    paidFlow: {
      requests: paid,
      paidPerSecond,
      paidInDatabase,
      flowLatencyMs: { p50: flowAt(0.5), p99: flowAt(0.99), max: round(flow.latencies.at(-1) ?? 0) },
      meetsTarget: paidPerSecond >= TARGETS.paidPerSecond,
    },
  };
}

const progress = (message) =>
  console.error(`[orders-large ${new Date().toISOString().slice(11, 19)}] ${message}`);

/** A warm-up, then the measured run, of the same request sequence; the server's CPU per answer. */
async function run(server, requests) {
  await autocannonRun(server.base, { connections: CONNECTIONS, seconds: WARMUP, requests: requests() });
  const cpuBefore = cpuTicks(server.pid);
  const result = await autocannonRun(server.base, {
    connections: CONNECTIONS,
    seconds: SECONDS,
    requests: requests({ measuring: true }),
  });
  const cpuMicros = ((cpuTicks(server.pid) - cpuBefore) * 1e6) / clockTicksPerSecond();
  return {
    ordersPerSecond: round(result.ok / result.seconds),
    requestsPerSecond: round(result.requestsPerSecond),
    p50: result.p50,
    p99: result.p99,
    max: result.max,
    seconds: result.seconds,
    statusCodes: result.statusCodes,
    failed: result.failed,
    cpuMicrosPerAnswer: round(cpuMicros / Math.max(1, result.requests)),
    coreBusy: { client: result.clientCoreBusy, server: result.serverCoreBusy },
    saturated: saturatedSide(result),
  };
}

/** Orders placed one after another, each the next customer's with the next body and a new key. */
function placing(tokens, bodies) {
  let count = 0;
  return [
    {
      method: "POST",
      path: "/api/orders",
      setupRequest: (request) => {
        const i = count++;
        return {
          ...request,
          headers: {
            "content-type": "application/json",
            authorization: tokens[i % tokens.length],
            "idempotency-key": randomUUID(),
          },
          body: bodies[i % bodies.length],
        };
      },
    },
  ];
}

/**
 * The paid flow as the web sends it: place, start the payment, confirm the card; the context carries
 * the customer, the order and its secret from one request to the next. A step that fails starts the
 * sequence over (setupRequest answers nothing).
 */
function paying(tokens, bodies, flow) {
  let count = 0;
  const json = (context) => ({ "content-type": "application/json", authorization: context.token });
  return (options = {}) => {
    flow.measuring = Boolean(options.measuring);
    return [
      {
        method: "POST",
        path: "/api/orders",
        setupRequest: (request, context) => {
          const i = count++;
          context.token = tokens[i % tokens.length];
          context.started = performance.now();
          return { ...request, headers: json(context), body: bodies[i % bodies.length] };
        },
        onResponse: (status, body, context) => {
          if (status === 201) context.orderId = JSON.parse(body)._id;
        },
      },
      {
        method: "POST",
        path: "/api/create-payment-intent",
        setupRequest: (request, context) =>
          context.orderId && {
            ...request,
            headers: json(context),
            body: JSON.stringify({ orderId: context.orderId }),
          },
        onResponse: (status, body, context) => {
          if (status === 200) context.secret = JSON.parse(body).clientSecret;
        },
      },
      {
        method: "POST",
        path: "/api/test-gateway/confirm",
        setupRequest: (request, context) =>
          context.secret && {
            ...request,
            headers: json(context),
            body: JSON.stringify({ clientSecret: context.secret, card: CARD }),
          },
        onResponse: (status, _body, context) => {
          if (status === 200 && flow.measuring) flow.latencies.push(performance.now() - context.started);
        },
      },
    ];
  };
}

/**
 * `count` bodies of three different tools drawn at random (a fixed seed) from the generator's
 * catalogue, each at its minimum quantity.
 */
async function randomThreeLineBodies(url, count) {
  const catalogue = await withClient(url, async (client) => {
    const { rows } = await client.query(
      "select id, min_quantity from tools where not sold_out and name not like 'Bench %' order by id",
    );
    return rows;
  });
  let state = 48;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state % catalogue.length;
  };
  return Array.from({ length: count }, () => {
    const picked = new Set();
    while (picked.size < 3) picked.add(next());
    const lines = [...picked].map((i) => ({ toolId: catalogue[i].id, quantity: catalogue[i].min_quantity }));
    return JSON.stringify({ lines, ...DELIVERY });
  });
}

/**
 * The sale's transaction through `pg`, 50 workers on a pool of the server's size, the customers in
 * turn, this process on the servers' core meanwhile (it stands in for the server): a warm-up, then
 * the measured seconds.
 */
async function direct(url, buyers, toolIds, cores) {
  if (cores) pin(process.pid, cores.servers);
  let count = 0;
  try {
    const { perSecond, latencies } = await driveThroughPg(url, {
      connections: CONNECTIONS,
      warmupSeconds: WARMUP,
      seconds: SECONDS,
      transaction: (pool) => {
        const { id: userId, email } = buyers[count++ % buyers.length];
        return placeInOneTransaction(pool, { userId, email, toolIds, maxUnpaid: 100_000 });
      },
    });
    const at = (q) => round(latencies[Math.floor(q * (latencies.length - 1))] ?? 0);
    return { ordersPerSecond: perSecond, p50: at(0.5), p99: at(0.99) };
  } finally {
    if (cores) pin(process.pid, `0-${cores.servers}`);
  }
}

if (isMain(import.meta.url)) {
  console.log(JSON.stringify(await ordersLarge(await templateFromCommandLine()), null, 2));
}

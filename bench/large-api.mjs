#!/usr/bin/env node
// Every API call of issue 13 under wrk (50 connections, one thread on its own core, the server pinned
// to the other), on PostgreSQL at seed size and at the large size: p50/p99, req/s, which side
// saturated and the server's CPU time per answer. Reads first (catalogue, one tool, a search, My orders'
// first page for a customer with 1,000 orders, the admins' All users and Manage orders first pages),
// then the writes: place an order (POST /api/orders, a new Idempotency-Key each time) and pay one (the
// test gateway's POST /api/test-gateway/confirm, each request its own order's client secret): placing
// as 8,000 customers in turn (large-data.mjs PLACING_CUSTOMERS) and as one customer on every
// connection, paying as 50 customers in turn. Users are the generator's and
// the bench's, with access tokens signed by the bench (lib.mjs mintAccessToken). Mail goes over SMTP to
// bench/smtp-sink.mjs, as a shop in production sends it.
//   node bench/large-api.mjs [--reuse-seed] [--tools N --users N --orders N --reviews N]
//   (BENCH_API_SECONDS=5 BENCH_API_WARMUP_SECONDS=3 BENCH_API_CONNECTIONS=50)
// While working on one call: BENCH_ONLY="search|pay order" runs only the rows named (for this script
// or its apiSuite alone: npm run bench's report needs every row), and BENCH_SERVER_NODE_ARGS="--cpu-prof
// --cpu-prof-dir=/tmp/prof" starts the servers with those flags too (lib.mjs startServer).
import { randomBytes } from "node:crypto";
import {
  addBenchTool,
  BENCH_ADMIN_EMAIL,
  BENCH_BUYER_EMAIL,
  BENCH_CUSTOMER_EMAIL,
  benchData,
  PLACING_CUSTOMERS,
  signedInCustomers,
  templateFromCommandLine,
  usersByEmail,
  withClient,
} from "./large-data.mjs";
import {
  ensureSnapshot,
  isMain,
  mintAccessToken,
  postgresVersion,
  round,
  scratchPostgres,
  searchesFrom,
  startServer,
  startSmtpSink,
} from "./lib.mjs";
import { ordersSideBySide } from "./orders-side-by-side.mjs";
import { clockTicksPerSecond, cpuTicks } from "./proc.mjs";
import { coreSplit, ensureWrk, pin, saturatedSide, wrk } from "./wrk.mjs";

const seconds = Number(process.env.BENCH_API_SECONDS ?? 5);
/**
 * Each call is loaded this long before it is measured, the same way. With the server pinned to one
 * core, V8 compiles the call's hot code on that core too: in the first second or two of a call, p99
 * was 3 to 10 times the steady figure (search at the large size: 82-185 ms in the first 5 s after a
 * 1 s warm-up, 35-42 ms in the next ones; with --no-opt it stayed at 400 ms: 2026-11-26). The
 * figures are a running shop's, not a process's first seconds.
 */
const warmupSeconds = Number(process.env.BENCH_API_WARMUP_SECONDS ?? 3);
const onlyRows = process.env.BENCH_ONLY?.split("|").map((name) => name.trim());
const measured = (row) => !onlyRows || onlyRows.includes(row);
const connections = Number(process.env.BENCH_API_CONNECTIONS ?? 50);
const COMMAND = "node bench/large-api.mjs";
const ORDER = { address: "1 Bench Street, Springfield", phone: "+1 555-0100", quantity: 1 };
const CARD = { number: "4242 4242 4242 4242", expMonth: 12, expYear: 2034, cvc: "123" };
/** issue 13's target for every call at the large size. */
export const P99_TARGET_MS = 50;

/** The whole suite at seed size, then on a clone of the large template. */
export async function largeApi(template) {
  const seedSize = await apiSuite("seed size");
  const large = await apiSuite("large size", template);
  progress("orders/s at both sizes, side by side");
  const sideBySide = await ordersSideBySide(template);
  const placed = (suite) => suite.endpoints["place order"]?.requestsPerSecond;
  return {
    command: COMMAND,
    connections,
    secondsPerSample: seconds,
    warmupSeconds,
    loadGenerator: "wrk, 1 thread",
    seedSize,
    large,
    // The suites run minutes apart: their ratio is reported, the target reads the side-by-side one.
    suitesOrdersRatio:
      placed(seedSize) && placed(large) ? round(placed(large) / placed(seedSize), 2) : undefined,
    ordersSideBySide: sideBySide,
    ordersPerSecondLargeToSeed: sideBySide.ratio,
  };
}

/** One server on one scratch database (empty, or a clone of `template`), every call in turn. */
export async function apiSuite(label, template) {
  ensureSnapshot();
  ensureWrk();
  const scratch = await scratchPostgres("api", { template: template?.name });
  const authSecret = randomBytes(32).toString("hex");
  const cores = coreSplit();
  // Mail goes out over SMTP, as in production (the .eml outbox is the laptop's): to a relay on the
  // generator's core, since the shop's outside world is not the shop's CPU.
  const relay = await startSmtpSink();
  let server;
  let suite;
  try {
    if (cores) pin(relay.pid, cores.loadGenerator);
    server = await startServer({
      databaseUrl: scratch.url,
      // The writes leave each customer several unpaid orders, and one customer thousands; the shop
      // lets a customer hold 3.
      env: { AUTH_SECRET: authSecret, MAX_UNPAID_ORDERS_PER_CUSTOMER: "100000", SMTP_URL: relay.url },
    });
    const extras = template ? undefined : await benchData(scratch.url);
    const toolId = await addBenchTool(scratch.url);
    const [admin, customer, buyer] = await usersByEmail(scratch.url, [
      BENCH_ADMIN_EMAIL,
      BENCH_CUSTOMER_EMAIL,
      BENCH_BUYER_EMAIL,
    ]);
    const bearer = async (user) => ({ authorization: `Bearer ${await mintAccessToken(authSecret, user)}` });
    const counts = await withClient(scratch.url, async (client) => {
      const { rows } = await client.query(
        `select
        (select count(*)::int from tools) as tools, (select count(*)::int from users) as users,
        (select count(*)::int from orders) as orders, (select count(*)::int from reviews) as reviews,
        (select count(*)::int from quotes) as quotes,
        (select count(*)::int from orders where user_id = $1) as "customerOrders",
        (select id from tools order by id offset (select count(*) / 2 from tools) limit 1) as "sampleToolId"`,
        [customer.id],
      );
      return rows[0];
    });
    const searches = await searchPaths(scratch.url);
    if (cores) pin(server.pid, cores.servers);

    // What a browser sends with every read: the API may answer brotli or gzip.
    const browser = { "accept-encoding": "gzip, deflate, br" };
    const reads = [
      ["catalogue", "/api/tools", browser],
      ["one tool", `/api/tools/${counts.sampleToolId}`, browser],
      ["search", searches[0], browser, { paths: searches }],
      [
        "My orders",
        `/api/orders/${encodeURIComponent(customer.email)}`,
        { ...browser, ...(await bearer(customer)) },
      ],
      ["All users", "/api/user", { ...browser, ...(await bearer(admin)) }],
      ["Manage orders", "/api/orders", { ...browser, ...(await bearer(admin)) }],
    ];
    const endpoints = {};
    for (const [name, url, headers, more] of reads) {
      if (!measured(name)) continue;
      progress(`${label}: ${name}`);
      endpoints[name] = await measure(server, url, { headers, ...more }, async () =>
        firstAnswer(server, url, headers),
      );
    }
    if (endpoints.search)
      endpoints.search.request = `GET /api/tools/search?q=… (${searches.length} different searches in turn)`;
    // Checkout as a shop sees it: thousands of customers, 50 at once, each request the next
    // customer's token and one of 50 tools in turn (a shop's orders spread over its catalogue). Two
    // harder cases keep rows of their own: every order for one tool (a sale: the orders queue on the
    // tool's row), and one customer sending all 50 (they queue on the customer's lock). Paying: 50
    // customers, each request that customer's own order.
    const buyerTools = await Promise.all(
      Array.from({ length: connections }, () => addBenchTool(scratch.url)),
    );
    const orderBody = (id) => JSON.stringify({ toolId: id, ...ORDER });
    const buyerOrders = buyerTools.map(orderBody);
    progress(`${label}: ${PLACING_CUSTOMERS} customers sign in and place an order each`);
    const customers = await signedInCustomers(scratch.url, authSecret, server.base, buyerOrders);
    const json = { "content-type": "application/json" };
    const placeOrder = (headers, more) =>
      measure(
        server,
        "/api/orders",
        {
          method: "POST",
          headers: { ...json, ...headers },
          body: orderBody(toolId),
          uniqueHeader: "Idempotency-Key",
          ...more,
        },
        async () => ({ status: 201 }),
      );
    if (measured("place order")) {
      progress(`${label}: place order (${customers.values.length} customers)`);
      endpoints["place order"] = await placeOrder({}, { rotatingHeader: customers, bodies: buyerOrders });
      endpoints["place order"].request =
        `POST /api/orders (${customers.values.length} customers in turn, ${buyerTools.length} tools in turn)`;
    }
    if (measured("place order, one tool")) {
      progress(`${label}: place order (one tool)`);
      endpoints["place order, one tool"] = await placeOrder({}, { rotatingHeader: customers });
      endpoints["place order, one tool"].request =
        `POST /api/orders (${customers.values.length} customers in turn, one tool)`;
    }
    if (measured("place order, one customer")) {
      progress(`${label}: place order (one customer)`);
      // Placing counts the customer's unpaid orders under their row lock, up to the cap, which the
      // bench lifts: the row's rate falls as they pile up (docs/operations.md), so the row says how many.
      const unpaidBefore = await unpaidOrdersOf(scratch.url, buyer.id);
      endpoints["place order, one customer"] = await placeOrder(await bearer(buyer));
      endpoints["place order, one customer"].request =
        `POST /api/orders (the customer's unpaid orders: ${unpaidBefore} before, ${await unpaidOrdersOf(scratch.url, buyer.id)} after; the shop's default cap of 3 is lifted here)`;
    }
    if (measured("pay order")) {
      progress(`${label}: pay order`);
      endpoints["pay order"] = await measurePayments(
        server,
        scratch.url,
        toolId,
        customers.values.slice(0, connections),
        // How many orders to prepare: as many as the placing rate suggests, or a fast hour's.
        endpoints["place order"]?.requestsPerSecond ?? 2_500,
      );
    }
    suite = {
      database: `PostgreSQL ${await postgresVersion(scratch.url)}`,
      size: label,
      template: template && {
        name: template.name,
        command: template.command,
        seedSeconds: template.seedSeconds,
        reused: template.reused,
      },
      rows: counts,
      extras,
      pinning: cores ? `server on CPU ${cores.servers}, wrk on CPU ${cores.loadGenerator} (taskset)` : "none",
      endpoints,
      serverMemory: server.memory(),
    };
    return suite;
  } finally {
    await server?.stop();
    // Counted once the server has stopped, which waits for the mails still being sent.
    const mails = await relay.stop();
    if (suite) {
      suite.mailsRelayed = mails;
      // Mails beyond the mailer's queue (SMTP_URL's maxWaiting) wait there for the next retry pass.
      suite.mailsKept = await withClient(scratch.url, async (client) => {
        const { rows } = await client.query("select count(*)::int as kept from mail_retries");
        return rows[0].kept;
      });
    }
    await scratch.drop();
  }
}

const progress = (message) =>
  console.error(`[large-api ${new Date().toISOString().slice(11, 19)}] ${message}`);

/**
 * `describe`: what the call answers (a read: fetched once for its status and size). Then the
 * warm-up and the measured wrk run.
 */
async function measure(server, url, options, describe) {
  const answer = await describe();
  await wrk(`${server.base}${url}`, { ...options, connections, seconds: warmupSeconds });
  const cpuBefore = cpuTicks(server.pid);
  const result = await wrk(`${server.base}${url}`, { ...options, connections, seconds });
  const cpuMicros = ((cpuTicks(server.pid) - cpuBefore) * 1e6) / clockTicksPerSecond();
  return {
    request: `${options.method ?? "GET"} ${url.replace(/[0-9a-f-]{36}/, ":id").replace(/customer-\d+%40example\.com/, ":email")}`,
    ...answer,
    ...figures(result, cpuMicros),
  };
}

/** The bench's searches (lib.mjs searchesFrom) from the names of the first 5,000 tools by name. */
async function searchPaths(url) {
  const names = await withClient(url, async (client) => {
    const { rows } = await client.query("select name from tools order by name limit 5000");
    return rows.map((row) => row.name);
  });
  return searchesFrom(names);
}

/** One wrk run's figures, and the server's CPU time per answer over it. */
function figures(result, cpuMicros) {
  return {
    requestsPerSecond: Math.round(result.requestsPerSecond),
    requests: result.requests,
    latencyMs: { p50: round(result.p50, 2), p99: round(result.p99, 2), max: round(result.max, 2) },
    p99UnderTarget: result.p99 < P99_TARGET_MS,
    failed: result.failed,
    cpuMicrosPerAnswer: round(cpuMicros / result.requests),
    coreBusy: { client: result.clientCoreBusy, server: result.serverCoreBusy },
    // PostgreSQL is not pinned and runs on either core: how much of the server's core was the API's.
    apiShareOfServerCore: round(cpuMicros / (seconds * 1e6), 2),
    saturated: saturatedSide(result),
  };
}

async function unpaidOrdersOf(url, userId) {
  return withClient(url, async (client) => {
    const { rows } = await client.query(
      "select count(*)::int as unpaid from orders where user_id = $1 and status = 'unpaid'",
      [userId],
    );
    return rows[0].unpaid;
  });
}

async function firstAnswer(server, url, headers) {
  const response = await fetch(`${server.base}${url}`, { headers });
  const body = await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  // fetch decompresses: the size is the JSON's, the encoding what went over the wire.
  const encoding = response.headers.get("content-encoding") ?? "identity";
  return { status: response.status, bodyBytes: body.byteLength, encoding };
}

/**
 * Paying needs one unpaid order and its payment intent per request: placed and started before the
 * run (not measured), half again as many as orders were placed per second over the run, and as many
 * as were placed per second over the warm-up, so that the warm-up pays orders as the run does (200
 * before: most of its second answered already paid intents, and the payment code was not yet hot).
 * The answer says how many payments the database recorded and how many requests, past the prepared
 * ones, repeated a secret (an already paid intent: a cheaper answer).
 */
async function measurePayments(server, databaseUrl, toolId, tokens, placedPerSecond) {
  const warmup = Math.max(200, Math.round(placedPerSecond * warmupSeconds));
  const count = warmup + Math.max(500, Math.round(1.5 * placedPerSecond * seconds));
  const payments = await preparePayments(server.base, toolId, tokens, count);
  progress(`${payments.length} payments prepared`);
  const body = ({ secret }) => JSON.stringify({ clientSecret: secret, card: CARD });
  // Each body goes with its customer's token: the two lists are used in step.
  const run = (list, runSeconds) =>
    wrk(`${server.base}/api/test-gateway/confirm`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: body(list[0]),
      connections,
      seconds: runSeconds,
      bodies: list.map(body),
      rotatingHeader: { name: "authorization", values: list.map((payment) => payment.token) },
    });
  await run(payments.slice(0, warmup), warmupSeconds);
  const measured = payments.slice(warmup);
  const cpuBefore = cpuTicks(server.pid);
  const result = await run(measured, seconds);
  const cpuMicros = ((cpuTicks(server.pid) - cpuBefore) * 1e6) / clockTicksPerSecond();
  const paid = await withClient(databaseUrl, async (client) => {
    const { rows } = await client.query(
      `select count(*)::int as paid from orders o
        where status = 'paid' and exists (select from order_lines l where l.order_id = o.id and l.tool_id = $1)`,
      [toolId],
    );
    return rows[0].paid;
  });
  return {
    request: `POST /api/test-gateway/confirm (${tokens.length} customers in turn)`,
    status: 200,
    ...figures(result, cpuMicros),
    prepared: payments.length,
    // Beyond the prepared orders the run repeats secrets (already paid: a cheaper answer).
    repeated: Math.max(0, result.requests - measured.length),
    ordersPaidInDatabase: paid,
  };
}

/**
 * `count` unpaid orders with a payment started, `connections` at a time, the customers (`tokens`) in
 * turn; answers each order's client secret with its customer's token.
 */
async function preparePayments(base, toolId, tokens, count) {
  const payments = [];
  const post = async (url, token, body) => {
    const response = await fetch(`${base}${url}`, {
      method: "POST",
      headers: { authorization: token, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
    return response.json();
  };
  const worker = async () => {
    while (payments.length < count) {
      const token = tokens[payments.length % tokens.length];
      const payment = { token, secret: "" };
      payments.push(payment);
      const order = await post("/api/orders", token, { toolId, ...ORDER });
      payment.secret = (await post("/api/create-payment-intent", token, { orderId: order._id })).clientSecret;
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  return payments;
}

if (isMain(import.meta.url)) {
  console.log(JSON.stringify(await largeApi(await templateFromCommandLine()), null, 2));
}

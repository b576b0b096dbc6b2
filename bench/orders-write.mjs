#!/usr/bin/env node
import { randomUUID } from "node:crypto";
import autocannon from "autocannon";
// How many orders per second POST /api/orders sustains on PostgreSQL, against the same transaction
// (place-order.ts) sent straight through the `pg` driver (the ceiling: no HTTP, no token, no validation, no ORM). The built
// server runs on a scratch database with a tool whose stock never runs out; one customer signs up
// through the real identity flow; autocannon drives 50 connections, each request a new order with its
// own Idempotency-Key, as the web sends them. Every order answered 201 must be in the database, and
// the stock must have gone down by exactly one unit per order.
//   node bench/orders-write.mjs     (BENCH_CONNECTIONS=50 BENCH_DURATION=10 BENCH_WARMUP=3)
import { addBenchTool, withClient } from "./large-data.mjs";
import {
  driveThroughPg,
  isMain,
  postgresVersion,
  round,
  SERVER_POOL_SIZE,
  signUp,
  withOrdersServer,
} from "./lib.mjs";

const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const duration = Number(process.env.BENCH_DURATION ?? 10);
// Unmeasured seconds first, so that the figure is not the JIT compiler and lazy module loading warming up.
const warmupSeconds = Number(process.env.BENCH_WARMUP ?? 3);
const STOCK = 100_000_000;

export async function ordersWrite() {
  return withOrdersServer({ label: "write" }, async (server, scratch) => {
    const toolId = await addBenchTool(scratch.url, STOCK);
    const { token, email } = await signUp(server.base);

    const result = await autocannon({
      url: `${server.base}/api/orders`,
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
      setupRequest: (request) => ({
        ...request,
        headers: { ...request.headers, "idempotency-key": randomUUID() },
      }),
    });
    // Stopping lets the requests still in flight finish, so that the database is settled for the check.
    await server.stop();
    const check = await checkDatabase(scratch.url, toolId);
    const created = result["2xx"];
    const answered = created + (result.warmup?.["2xx"] ?? 0);
    // Each run (warm-up, measurement) stops counting with up to one request per connection in flight.
    const consistent =
      check.orders === STOCK - check.stock &&
      check.orders >= answered &&
      check.orders <= answered + 2 * connections;

    // The driver starts where the API started: its customer holding no unpaid orders (the thousands the
    // API placed would make each unpaid-order count longer), the dead index entries vacuumed away.
    await withClient(scratch.url, async (client) => {
      await client.query("update orders set status = 'paid' where status = 'unpaid'");
      await client.query("vacuum analyze orders");
    });
    const driver = await directDriver(scratch.url, toolId, email);
    const api = {
      ordersPerSecond: round(created / result.duration),
      latencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
      responses: { "2xx": created, non2xx: result.non2xx, errors: result.errors, timeouts: result.timeouts },
    };
    return {
      command: "node bench/orders-write.mjs",
      endpoint: "POST /api/orders",
      database: `PostgreSQL ${await postgresVersion(scratch.url)}`,
      connections,
      warmupSeconds,
      durationSeconds: result.duration,
      api,
      directDriver: driver,
      ratioToDirectDriver: round(api.ordersPerSecond / driver.ordersPerSecond, 2),
      check: { ordersInDatabase: check.orders, stockTaken: STOCK - check.stock, consistent },
    };
  });
}

/**
 * What createOrder sends (apps/server/src/features/orders/place-order.ts, decision 0038): one
 * transaction per order (key claimed, customer locked, unpaid orders counted, tools locked in id order,
 * stock taken, order, lines and history written), here with a new Idempotency-Key each, with
 * `connections` workers sharing a pool of the server's size.
 */
async function directDriver(databaseUrl, toolId, email) {
  const userId = await withClient(databaseUrl, async (client) => {
    const { rows } = await client.query("select id from users where email = $1", [email]);
    return rows[0].id;
  });
  const { perSecond, latencies } = await driveThroughPg(databaseUrl, {
    connections,
    warmupSeconds,
    seconds: duration,
    transaction: (pool) =>
      placeInOneTransaction(pool, { userId, email, toolIds: [toolId], maxUnpaid: 100_000 }),
  });
  const at = (q) => round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);
  return {
    ordersPerSecond: perSecond,
    latencyMs: { p50: at(0.5), p99: at(0.99), max: round(latencies.at(-1) ?? 0) },
    poolSize: SERVER_POOL_SIZE,
  };
}

/**
 * The statements of place-order.ts's transaction, one unit of each tool (a bench's cart), through a
 * pooled client: the "same transaction straight through `pg`" the API is measured against.
 */
export async function placeInOneTransaction(pool, { userId, email, toolIds, maxUnpaid }) {
  const client = await pool.connect();
  try {
    await client.query("begin");
    const key = randomUUID();
    await client.query(
      `insert into idempotency_keys (key, user_id, request_hash) values ($1, $2, $3)
        on conflict (user_id, key) do update set request_hash = excluded.request_hash
        where idempotency_keys.created_at < now() - interval '1 day' returning key`,
      [key, userId, randomUUID()],
    );
    await client.query("select id from users where id = $1 for no key update", [userId]);
    const { rows: held } = await client.query(
      `select count(*)::int as n from (select 1 from orders where user_id = $1 and status = 'unpaid' limit $2) u`,
      [userId, maxUnpaid],
    );
    if (held[0].n >= maxUnpaid) throw new Error("unpaid-order cap");
    const { rows: tools } = await client.query(
      `select id, name, image, price_cents, min_quantity, available_quantity from tools
        where id = any($1::uuid[]) order by id for update`,
      [toolIds],
    );
    if (tools.some((tool) => tool.available_quantity < 1)) throw new Error("short of stock");
    await client.query(
      `update tools set available_quantity = available_quantity - 1 where id = any($1::uuid[])`,
      [toolIds],
    );
    const byId = new Map(tools.map((tool) => [tool.id, tool]));
    const lines = toolIds.map((id) => byId.get(id));
    const total = lines.reduce((sum, tool) => sum + tool.price_cents, 0);
    const { rows: placed } = await client.query(
      `insert into orders (user_id, email, total_cents, address, phone)
        values ($1, $2, $3, '1 Bench Street, Springfield', '+1 555-0100') returning id`,
      [userId, email, total],
    );
    const orderId = placed[0].id;
    await client.query(
      `insert into order_lines (order_id, position, tool_id, name, image, sku, unit_price_cents, quantity,
          total_cents)
        select $1, n - 1, t.id, t.name, t.image, t.sku, t.price_cents, 1, t.price_cents
        from unnest($2::uuid[]) with ordinality as l(id, n) join tools t on t.id = l.id`,
      [orderId, toolIds],
    );
    await client.query("insert into order_status_history (order_id, status) values ($1, 'unpaid')", [
      orderId,
    ]);
    await client.query(
      "update idempotency_keys set status_code = 201, order_id = $1 where user_id = $2 and key = $3",
      [orderId, userId, key],
    );
    await client.query("commit");
    return orderId;
  } catch (error) {
    await client.query("rollback").catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

function checkDatabase(url, toolId) {
  return withClient(url, async (client) => {
    const { rows } = await client.query(
      `select (select count(distinct order_id)::int from order_lines where tool_id = $1) as orders,
              (select available_quantity from tools where id = $1) as stock`,
      [toolId],
    );
    return rows[0];
  });
}

if (isMain(import.meta.url)) console.log(JSON.stringify(await ordersWrite(), null, 2));

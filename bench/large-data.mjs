// The data the large-size benchmarks run on: a PostgreSQL template database made once per bench run by
// `npm run seed:large` (packages/db/src/seed-large.ts), plus what the generator does not make and the
// benchmarks need, added the same way on a seed-size database (benchData). Each benchmark clones the
// template (scratchPostgres with `template`), so none sees another's writes.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { mintAccessToken, postgresServerUrl, root, round } from "./lib.mjs";

/** issue 13's large size. */
export const LARGE_SIZES = { tools: 10_000, users: 100_000, orders: 1_000_000, reviews: 50_000 };
/** The generator's user 1 (an admin) and user 2 (the customer with 1,000 orders); user 3 places orders. */
export const BENCH_ADMIN_EMAIL = "customer-000001@example.com";
export const BENCH_CUSTOMER_EMAIL = "customer-000002@example.com";
export const BENCH_BUYER_EMAIL = "customer-000003@example.com";
/** My orders' worst first page: a customer with this many orders. */
export const CUSTOMER_ORDERS = 1_000;

/** The command-line options of every large-size script: --reuse-seed and the sizes (parseArgs). */
export const LARGE_SIZE_OPTIONS = {
  "reuse-seed": { type: "boolean", default: false },
  tools: { type: "string" },
  users: { type: "string" },
  orders: { type: "string" },
  reviews: { type: "string" },
};

/** The sizes asked for on the command line, LARGE_SIZES for those not given. */
export const sizesFrom = (flags) =>
  Object.fromEntries(
    Object.entries(LARGE_SIZES).map(([name, value]) => [name, Number(flags[name] ?? value)]),
  );

/** For a script run alone: the template for the sizes and --reuse-seed on its command line. */
export function templateFromCommandLine() {
  const { values } = parseArgs({ options: LARGE_SIZE_OPTIONS });
  return largeTemplate(sizesFrom(values), { reuse: values["reuse-seed"] });
}

/** The flags of `npm run seed:large` for these sizes. */
export const seedFlags = (sizes) =>
  Object.entries(sizes).flatMap(([name, value]) => [`--${name}`, String(value)]);

/** The newest migration's tag: a template migrated before it would be migrated again by every server. */
function latestMigration() {
  const journal = JSON.parse(
    readFileSync(path.join(root, "packages/db/migrations/meta/_journal.json"), "utf8"),
  );
  return journal.entries.at(-1).tag;
}

/**
 * The template database for these sizes: seeded now (dropped first if it exists), or, with `reuse`,
 * the one an earlier run left complete under the current migrations. Answers its name and how long
 * seeding took (that run's). Its migrations are the working tree's, not those of the build a server
 * runs: builds whose migrations differ compare only at seed size (the template has only one schema).
 */
export async function largeTemplate(sizes, { reuse = false, log = console.log } = {}) {
  const name = `toolshop_bench_large_${sizes.tools}_${sizes.users}_${sizes.orders}_${sizes.reviews}`;
  const command = `npm run seed:large -- ${seedFlags(sizes).join(" ")}`;
  if (reuse) {
    const rows = await adminQuery(
      "select shobj_description(oid, 'pg_database') as note from pg_database where datname = $1",
      [name],
    );
    const note = rows[0]?.note && JSON.parse(rows[0].note);
    if (note?.complete && note.migration === latestMigration()) {
      return { name, command, ...note, reused: true };
    }
  }
  await adminQuery(`drop database if exists "${name}" with (force)`);
  await adminQuery(`create database "${name}"`);
  const url = databaseUrl(name);
  const started = performance.now();
  log(`seeding ${name}: ${command}`);
  // The seed adds only the rows missing (its ids are derived), so a run cut short goes on where it
  // stopped, in smaller statements: on a loaded machine one batch of 100,000 rows can outlast the
  // driver's 60 s query timeout.
  for (let attempt = 1; ; attempt++) {
    const batch = attempt === 1 ? [] : ["--batch", "10000"];
    try {
      execFileSync("npm", ["run", "--silent", "seed:large", "--", ...seedFlags(sizes), ...batch], {
        cwd: root,
        env: { ...process.env, DATABASE_URL: url },
        // Its progress to stderr: stdout is the benchmark's JSON.
        stdio: ["ignore", process.stderr, "inherit"],
      });
      break;
    } catch (error) {
      if (attempt === 4) throw error;
      log(`seeding stopped (attempt ${attempt}); going on from where it stopped`);
    }
  }
  const seedSeconds = round((performance.now() - started) / 1000);
  const extrasStarted = performance.now();
  const extras = await benchData(url, { quotes: 10_000 });
  const note = {
    complete: true,
    migration: latestMigration(),
    seededAt: new Date().toISOString(),
    seedSeconds,
    extrasSeconds: round((performance.now() - extrasStarted) / 1000),
    extras,
    sizeMb: Number((await adminQuery("select pg_database_size($1) / 1048576 as mb", [name]))[0].mb),
  };
  await adminQuery(`comment on database "${name}" is '${JSON.stringify(note)}'`);
  return { name, command, ...note, reused: false };
}

/**
 * What the benchmarks need beyond the generator's rows, on any database the server has migrated:
 * the three bench users (the generator's first three, made here at seed size), the customer's 1,000
 * orders, `quotes` quote requests for the admins' screen, and a tool that never runs out for the
 * writes. Unpaid orders older than the longest hold are cancelled as the expiry worker would have
 * done long ago (the generator dates its orders weeks back; a running shop never holds them).
 */
export async function benchData(url, { quotes = 20 } = {}) {
  return withClient(url, async (client) => {
    await client.query(
      `insert into users (email, role, display_name) values
         ($1, 'admin', 'Bench Admin'), ($2, 'user', 'Bench Customer'), ($3, 'user', 'Bench Buyer')
       on conflict (email) do nothing`,
      [BENCH_ADMIN_EMAIL, BENCH_CUSTOMER_EMAIL, BENCH_BUYER_EMAIL],
    );
    // Each order with its one line, told apart by its payment id.
    const added = await client.query(
      `with made as (select u.id as user_id, u.email, t.id as tool_id, t.name, t.image, t.sku, t.price_cents,
           'pi_bench_' || i as transaction_id, now() - i * interval '1 hour' as at
         from users u
         cross join generate_series(1, greatest(0, $2 - (select count(*) from orders o
           join users c on c.id = o.user_id where c.email = $1))::int) as i
         join lateral (select * from tools order by id offset (i % (select count(*) from tools)) limit 1) t on true
         where u.email = $1),
       placed as (insert into orders (user_id, email, total_cents, address, phone, status, transaction_id,
           created_at, paid_at)
         select user_id, email, price_cents, '2 Bench Street, Springfield', '+1 555-0101', 'paid', transaction_id,
           at, at
         from made returning id, transaction_id)
       insert into order_lines (order_id, position, tool_id, name, image, sku, unit_price_cents, quantity, total_cents)
       select placed.id, 0, tool_id, name, image, sku, price_cents, 1, price_cents
       from made join placed using (transaction_id)`,
      [BENCH_CUSTOMER_EMAIL, CUSTOMER_ORDERS],
    );
    const expired = await client.query(
      `update orders set status = 'cancelled', cancel_reason = 'expiry'
       where status = 'unpaid' and payment_intent_id is null and created_at < now() - interval '7 days'`,
    );
    const quotesAdded = await client.query(
      `insert into quotes (name, email, company, tool, quantity, message, created_at, handled)
       select 'Buyer ' || i, 'buyer-' || lpad(i::text, 6, '0') || '@example.com', 'Company ' || (i % 500),
         'Electric Drill', 50 + i % 200, 'We need a wholesale price for our crews, delivered monthly.',
         now() - i * interval '10 minutes', i % 3 = 0
       from generate_series(1, greatest(0, $1 - (select count(*) from quotes))::int) as i`,
      [quotes],
    );
    // The cancellations above leave dead rows that a running shop's autovacuum would have cleared.
    await client.query("vacuum (analyze)");
    return {
      customerOrdersAdded: added.rowCount,
      oldUnpaidOrdersCancelled: expired.rowCount,
      quotesAdded: quotesAdded.rowCount,
    };
  });
}

/** A tool with stock that never runs out, for the write benchmarks; answers its id. */
export async function addBenchTool(url, stock = 100_000_000) {
  return withClient(url, async (client) => {
    const { rows } = await client.query(
      `insert into tools (name, short, image, price_cents, min_quantity, available_quantity, category_id, sku)
       values ('Bench Pliers', 'Pliers that never run out.', '/images/tools/pliers.svg', 1250, 1, $1,
         (select id from categories where slug = 'mechanical'), 'BENCH-' || nextval('tool_sku_numbers'))
       returning id`,
      [stock],
    );
    return rows[0].id;
  });
}

/**
 * `count` customers of the bench's own (bench-buyer-NNN@example.com), added when missing at any size:
 * the writes place orders as thousands of customers, 50 at a time, as a shop's checkout sees them.
 */
export async function benchBuyers(url, count) {
  const emails = Array.from(
    { length: count },
    (_, i) => `bench-buyer-${String(i + 1).padStart(3, "0")}@example.com`,
  );
  await withClient(url, (client) =>
    client.query(
      `insert into users (email, role, display_name)
       select email, 'user', 'Bench Buyer' from unnest($1::text[]) as email
       on conflict (email) do nothing`,
      [emails],
    ),
  );
  return usersByEmail(url, emails);
}

/**
 * How many customers place the bench's orders, each request the next customer's, 50 in flight. A
 * shop's orders come from many customers who each hold an unpaid order or two. With 50 customers
 * placing tens of thousands of orders between them, each held hundreds, and placing counted them
 * all under the customer's lock for every order (the bench lifts the shop's cap of 3 for its
 * one-customer row): 0.5 ms of PostgreSQL per order at 600 each, more at the large size, whose new
 * orders lie on more pages (decision 0031). Fewer than the 10,000 tokens a server process remembers
 * verified (VERIFIED_TOKENS_REMEMBERED), as a signed-in customer's calls find theirs.
 */
export const PLACING_CUSTOMERS = 8_000;

/**
 * The placing customers, signed in to the server at `base`, each with an order placed: their access
 * tokens (signed with `authSecret`) as a wrk rotatingHeader that goes on from run to run, so that each
 * customer places only a few orders over all of a server's runs. `orderBodies` are the rows' order
 * bodies, used in step with the tokens as wrk uses them.
 * - Each customer first makes the call the web client makes after signing in (the admin check): no
 *   order is a customer's first signed-in call, so the server has their token verified already.
 * - Then each places an order, unmeasured. A customer's first order after a checkpoint changes their
 *   leaves of the orders' user indexes for the first time, and PostgreSQL logs such a page whole. The
 *   clone is checkpointed just before its runs, so the rows' first pass over the customers would be a
 *   checkpoint's worst moment; in a running shop that pass comes once per checkpoint (5 minutes).
 */
export async function signedInCustomers(url, authSecret, base, orderBodies) {
  const buyers = await benchBuyers(url, PLACING_CUSTOMERS);
  const tokens = await Promise.all(
    buyers.map(async (user) => `Bearer ${await mintAccessToken(authSecret, user)}`),
  );
  const call = async (path, expected, token, body) => {
    const response = await fetch(`${base}${path}`, {
      method: body ? "POST" : "GET",
      headers: { authorization: token, ...(body && { "content-type": "application/json" }) },
      body,
    });
    if (response.status !== expected) throw new Error(`${path} answered ${response.status}`);
    await response.arrayBuffer();
  };
  let next = 0;
  const signInAndOrder = async () => {
    for (let i = next++; i < buyers.length; i = next++) {
      await call(`/api/admin/${encodeURIComponent(buyers[i].email)}`, 200, tokens[i]);
      await call("/api/orders", 201, tokens[i], orderBodies[i % orderBodies.length]);
    }
  };
  await Promise.all(Array.from({ length: 50 }, signInAndOrder));
  return { name: "authorization", values: tokens, sent: 0 };
}

/** The shop users (id, email) with these emails, in that order. */
export async function usersByEmail(url, emails) {
  return withClient(url, async (client) => {
    const { rows } = await client.query("select id, email from users where email = any($1)", [emails]);
    const byEmail = new Map(rows.map((row) => [row.email, row]));
    return emails.map((email) => {
      const user = byEmail.get(email);
      if (!user) throw new Error(`no user ${email}`);
      return user;
    });
  });
}

export async function withClient(url, work) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function databaseUrl(name) {
  const url = new URL(postgresServerUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function adminQuery(sql, params) {
  return withClient(postgresServerUrl, async (client) => (await client.query(sql, params)).rows);
}

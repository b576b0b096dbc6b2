// `npm run seed:large -- --tools 10000 --users 100000 --orders 1000000 --reviews 50000 [--seed 1]`:
// a shop at 10,000x its demo size, for the benchmarks and for trying the paged screens. Every row is
// computed in SQL from its number and the seed (INSERT ... SELECT over generate_series, in batches),
// so that the same flags give the same rows on PostgreSQL and PGlite, with no data crossing the wire;
// ids are md5-derived UUIDs, so a second run with the same flags adds nothing.
// On PostgreSQL (DATABASE_URL) the default is the large size; on PGlite (DATA_DIR/db) one tenth of it.
// Pictures reuse the demo set (apps/web/public/images/tools). Users get shop rows only: the benchmark
// signs access tokens for them with AUTH_SECRET (plugins/auth/access-token.ts) instead of signing in.
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { type DatabaseHandle, openDatabase } from "./client";
import { migrateDatabase } from "./migrate";
import { recountSales } from "./sales";
import { addCategories, DEMO_CATEGORIES } from "./seed";

export interface LargeSeedSizes {
  tools: number;
  users: number;
  orders: number;
  reviews: number;
}

export const LARGE_SIZES: LargeSeedSizes = {
  tools: 10_000,
  users: 100_000,
  orders: 1_000_000,
  reviews: 50_000,
};
/** How many orders the bench customer (BENCH_CUSTOMER_EMAIL) has: My orders' worst first page. */
export const BENCH_CUSTOMER_ORDERS = 1_000;
/** User number 1: an admin, for the admin lists. User number 2: the customer with many orders. */
export const BENCH_ADMIN_EMAIL = "customer-000001@example.com";
export const BENCH_CUSTOMER_EMAIL = "customer-000002@example.com";

/**
 * The demo tools' names, pictures and categories (slugs of the demo tree, seed.ts); tool number i is of
 * kind i mod 8.
 */
const KINDS = [
  ["Pliers", "pliers", "pliers"],
  ["Screwdrivers", "screwdrivers", "screwdrivers"],
  ["Tape Measure", "tape-measure", "measuring"],
  ["Electric Drill", "electric-drill", "drills"],
  ["Level", "level", "measuring"],
  ["Wire Strippers", "wire-strippers", "electrical"],
  ["Fish Tape", "fish-tape", "electrical"],
  ["Voltage Tester", "voltage-tester", "testers"],
] as const;
const LINES = ["Pro", "Compact", "Heavy-Duty", "Insulated", "Site", "Precision", "Ergo", "Classic"];
const FIRST = ["Maria", "Daniel", "Priya", "Tom", "Aisha", "Lucas", "Mei", "Omar", "Sofia", "Jonas"];
const LAST = ["Gonzalez", "Okafor", "Raman", "Becker", "Khan", "Silva", "Chen", "Haddad", "Rossi", "Berg"];
const COMMENTS = [
  "Arrived on time and the quality matches the description.",
  "Good value for a wholesale order; our crew uses them every day.",
  "Solid build. The minimum order suits a small shop like ours.",
  "Clear prices and honest stock numbers. Will order again.",
  "Does the job, although the packaging could be lighter.",
];
const STATUSES = ["unpaid", "paid", "shipped", "cancelled"];
/** Rows are dated back from here, not from now(), so that a run is the same whenever it happens. */
const EPOCH = "2026-11-01T00:00:00Z";

const pick = (values: readonly string[], index: string) =>
  `(array[${values.map((value) => `'${value.replace(/'/g, "''")}'`).join(",")}])[1 + ((${index}) % ${values.length})::int]`;

/** A deterministic pseudo-random non-negative integer from a row number, a salt and the seed. */
const mix = (expression: string, salt: number, seed: number) =>
  `((((${expression})::bigint * 2654435761 + ${salt * 40503 + seed * 7919}) % 2147483647 + 2147483647) % 2147483647)`;

/**
 * A deterministic id shaped as a version-4 UUID (version nibble 4, variant 8): md5's bare hex is no
 * RFC 9562 UUID, and the API's schemas (z.uuid) refuse such ids in paths and answers.
 */
const idOf = (kind: string, seed: number, index: string) =>
  `overlay(overlay(md5('${kind}-${seed}-' || (${index})) placing '4' from 13) placing '8' from 17)::uuid`;
const emailOf = (index: string) => `'customer-' || lpad((${index})::text, 6, '0') || '@example.com'`;

/** The SELECT that makes rows first..last of one table. */
function rowsSql(table: keyof LargeSeedSizes, sizes: LargeSeedSizes, seed: number): string {
  const r = (salt: number) => mix("i", salt, seed);
  switch (table) {
    case "tools":
      // A SKU per row number and seed (decision 0056), so two seeds' catalogues never share one.
      return `insert into tools (id, name, short, image, price_cents, min_quantity, available_quantity, created_at,
          category_id, sku)
        select ${idOf("tool", seed, "i")},
          ${pick(LINES, r(1))} || ' ' || ${pick(
            KINDS.map(([name]) => name),
            "i",
          )} || ' ' || lpad(i::text, 5, '0'),
          'A ' || lower(${pick(LINES, r(1))}) || ' ' || lower(${pick(
            KINDS.map(([name]) => name),
            "i",
          )}) || ' for trade buyers, sold per unit in wholesale quantities. Model ' || lpad(i::text, 5, '0') || '.',
          '/images/tools/' || ${pick(
            KINDS.map(([, image]) => image),
            "i",
          )} || '.svg',
          500 + ${r(2)} % 20000, 1 + ${r(3)} % 30, 30 + ${r(4)} % 5000,
          timestamptz '${EPOCH}' - i * interval '1 hour',
          (select id from categories where slug = ${pick(
            KINDS.map(([, , category]) => category),
            "i",
          )}),
          'LS${seed}-' || lpad(i::text, 6, '0')
        from generate_series($1::int, $2::int) as i
        on conflict do nothing`;
    case "users":
      return `insert into users (id, email, role, display_name, created_at)
        select ${idOf("user", seed, "i")}, ${emailOf("i")},
          case when i = 1 or i % 10000 = 0 then 'admin' else 'user' end,
          ${pick(FIRST, r(5))} || ' ' || ${pick(LAST, r(6))},
          timestamptz '${EPOCH}' - i * interval '5 minutes'
        from generate_series($1::int, $2::int) as i
        on conflict do nothing`;
    case "orders": {
      // The first BENCH_CUSTOMER_ORDERS orders are user 2's; the others are spread over users 3 and up.
      const user = `case when i <= ${BENCH_CUSTOMER_ORDERS} then 2 else 3 + ${r(7)} % ${Math.max(1, sizes.users - 2)} end`;
      const status = pick(STATUSES, r(9));
      // Each order with its one line (decision 0038), in the same statement: only the orders inserted now
      // get a line, from the same generated row.
      return `with made as (select ${idOf("order", seed, "o.i")} as id, ${idOf("user", seed, "o.u")} as user_id,
          ${emailOf("o.u")} as email, t.id as tool_id, t.name, t.image, t.sku, t.price_cents, o.q, o.s, o.at,
          o.i % 900 + 1 || ' Market Street, Springfield' as address,
          '+1 555-' || lpad((o.i % 10000)::text, 4, '0') as phone, o.i
        from (select i, ${user} as u, 1 + ${r(8)} % 40 as q, ${status} as s,
                timestamptz '${EPOCH}' - i * interval '30 seconds' as at,
                1 + ${r(10)} % ${sizes.tools} as t
              from generate_series($1::int, $2::int) as i) as o
        join tools t on t.id = ${idOf("tool", seed, "o.t")}),
      placed as (insert into orders (id, user_id, email, total_cents, address, phone, status, transaction_id,
          created_at, paid_at)
        select id, user_id, email, price_cents * q, address, phone, s,
          case when s in ('paid', 'shipped') then 'pi_seed_' || i end,
          at, case when s in ('paid', 'shipped') then at + interval '3 minutes' end
        from made
        on conflict do nothing
        returning id)
        insert into order_lines (order_id, position, tool_id, name, image, sku, unit_price_cents, quantity,
          total_cents, refunded_quantity)
        select id, 0, tool_id, name, image, sku, price_cents, q, price_cents * q,
          case when s = 'refunded' then q else 0 end
        from made join placed using (id)`;
    }
    case "reviews":
      return `insert into reviews (id, user_id, name, email, rating, comment, created_at)
        select ${idOf("review", seed, "r.i")}, ${idOf("user", seed, "r.u")},
          ${pick(FIRST, mix("r.u", 5, seed))} || ' ' || ${pick(LAST, mix("r.u", 6, seed))}, ${emailOf("r.u")},
          greatest(1, 5 - ${r(11)} % 7 / 2), ${pick(COMMENTS, r(12))},
          timestamptz '${EPOCH}' - r.i * interval '7 minutes'
        from (select i, 1 + ${r(13)} % ${sizes.users} as u from generate_series($1::int, $2::int) as i) as r
        on conflict do nothing`;
  }
}

const TABLES: (keyof LargeSeedSizes)[] = ["tools", "users", "orders", "reviews"];

/**
 * Inserts the generated rows (those missing) in batches, then refreshes the planner's statistics.
 * Orders need their tools and users: sizes must have at least one tool and three users when there
 * are orders.
 */
export async function seedLarge(
  handle: DatabaseHandle,
  sizes: LargeSeedSizes,
  options: { seed?: number; batchSize?: number; onProgress?: (message: string) => void } = {},
): Promise<void> {
  const seed = options.seed ?? 1;
  const batchSize = options.batchSize ?? (handle.kind === "postgres" ? 100_000 : 20_000);
  if (sizes.orders > 0 && (sizes.tools < 1 || sizes.users < 3)) {
    throw new Error("Orders need at least one tool and three users.");
  }
  // The tools' categories: the demo tree, added where missing (the roots are migration 0036's).
  await addCategories(handle.db, DEMO_CATEGORIES);
  for (const table of TABLES) {
    const statement = rowsSql(table, sizes, seed);
    const started = performance.now();
    for (let first = 1; first <= sizes[table]; first += batchSize) {
      const last = Math.min(sizes[table], first + batchSize - 1);
      await run(handle, statement, [first, last]);
      options.onProgress?.(`${table}: ${last} / ${sizes[table]}`);
    }
    options.onProgress?.(`${table}: done in ${Math.round(performance.now() - started) / 1000} s`);
  }
  // The owner's overview reads its figures from the per-day sales tables, which the server keeps as it
  // takes payments: counted here for the orders written straight into the tables above (0048).
  await recountSales(handle.db);
  // As after a restore, and as autovacuum would soon do: statistics for the planner, the visibility map
  // for index-only counts, and GIN's pending list merged (unmerged, 10,000 tools cost every search
  // ~12 ms for a scan of the list).
  await handle.db.execute(sql`vacuum (analyze)`);
}

/** A statement with $1/$2 parameters, through the driver (both answer `query(text, params)`). */
async function run(handle: DatabaseHandle, statement: string, params: number[]): Promise<void> {
  const client: { query(text: string, values: unknown[]): Promise<unknown> } = handle.client;
  await client.query(statement, params);
}

/** The command line: flags override the defaults of the database kind. */
export function parseSeedArguments(argv: string[], kind: DatabaseHandle["kind"]) {
  const { values } = parseArgs({
    args: argv,
    options: {
      tools: { type: "string" },
      users: { type: "string" },
      orders: { type: "string" },
      reviews: { type: "string" },
      seed: { type: "string", default: "1" },
      // Rows per statement (the default suits a quiet machine; a loaded one needs smaller statements).
      batch: { type: "string" },
    },
  });
  const scale = kind === "postgres" ? 1 : 0.1;
  const size = (name: keyof LargeSeedSizes) => {
    const value = values[name] === undefined ? Math.round(LARGE_SIZES[name] * scale) : Number(values[name]);
    if (!Number.isInteger(value) || value < 0) throw new Error(`--${name} must be a whole number.`);
    return value;
  };
  const seed = Number(values.seed);
  if (!Number.isInteger(seed)) throw new Error("--seed must be a whole number.");
  const batchSize = values.batch === undefined ? undefined : Number(values.batch);
  if (batchSize !== undefined && !(Number.isInteger(batchSize) && batchSize > 0)) {
    throw new Error("--batch must be a whole number above 0.");
  }
  return {
    sizes: { tools: size("tools"), users: size("users"), orders: size("orders"), reviews: size("reviews") },
    seed,
    batchSize,
  };
}

async function main(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const handle = await openDatabase({ databaseUrl, dataDir: resolve(process.env.DATA_DIR ?? "./data") });
  try {
    const { sizes, seed, batchSize } = parseSeedArguments(process.argv.slice(2), handle.kind);
    console.log(
      `Seeding ${handle.kind === "postgres" ? "PostgreSQL (DATABASE_URL)" : "PGlite (DATA_DIR/db)"}:`,
      sizes,
      `seed ${seed}`,
    );
    const started = performance.now();
    await migrateDatabase(handle);
    await seedLarge(handle, sizes, { seed, batchSize, onProgress: (message) => console.log(message) });
    console.log(`Done in ${Math.round(performance.now() - started) / 1000} s.`);
  } finally {
    await handle.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}

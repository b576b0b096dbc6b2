// Migration 0024's data move (every existing order becomes its one line, decision 0038) checked at the
// large size on PostgreSQL: a scratch database migrated up to 0023, the large seed's tools, users,
// orders and reviews written at that schema (its orders statement less its order_lines insert: the
// table does not exist yet), one paid order in 50 marked refunded (the seed makes none, and the move
// gives a refunded order's line its whole quantity refunded), then the rest of the migrations, timed;
// then counts and sums of orders against order_lines. Prints one JSON object; exits 1 if anything was
// lost. The scratch database is dropped at the end.
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx packages/db/src/migration-0024-check.ts
//     [--orders N]   (the large size's 1,000,000 by default)
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import type { DatabaseHandle } from "./client";
import { defaultMigrationsFolder, migrateDatabase } from "./migrate";
import * as schema from "./schema";
import { LARGE_SIZES, seedLarge } from "./seed-large";

const BEFORE = "0024_order_lines";

interface Journal {
  entries: { idx: number; tag: string }[];
}

/** A copy of the migrations folder whose journal stops before `tag`. */
function migrationsBefore(tag: string): string {
  const folder = mkdtempSync(join(tmpdir(), "toolshop-migrations-"));
  cpSync(defaultMigrationsFolder, folder, { recursive: true });
  const journalPath = join(folder, "meta/_journal.json");
  const journal: Journal = JSON.parse(readFileSync(journalPath, "utf8"));
  const at = journal.entries.findIndex((entry) => entry.tag === tag);
  if (at < 0) throw new Error(`no migration ${tag}`);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
  return folder;
}

/** The seed's statements as they were before 0024: its orders without their lines. */
function withoutOrderLines(handle: DatabaseHandle): DatabaseHandle {
  const pool = handle.client as pg.Pool;
  const client = {
    query: (text: string, values: unknown[]) =>
      pool.query(
        text.replace(/\)\s*insert into order_lines[\s\S]*$/, ") select count(*) from placed"),
        values,
      ),
  };
  return { ...handle, client } as unknown as DatabaseHandle;
}

/**
 * A handle on a pool without the shop's 60 s query timeout (client.ts): on a loaded machine the data
 * move of 1,000,000 orders has outlasted it (2026-11-28, load average 17-20 on 2 cores), and this
 * check times the migration instead.
 */
async function openWithoutQueryTimeout(url: string): Promise<DatabaseHandle> {
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  return {
    kind: "postgres",
    client: pool,
    db: drizzle({ client: pool, schema }),
    ping: async () => {
      await pool.query("select 1");
    },
    close: () => pool.end(),
  };
}

const FIGURES = `select
  (select count(*)::int from orders) as orders,
  (select count(*)::int from order_lines) as lines,
  (select count(distinct order_id)::int from order_lines) as "ordersWithLines",
  (select count(*)::int from orders o where not exists (select 1 from order_lines l where l.order_id = o.id)) as "ordersWithoutLine",
  (select count(*)::int from order_lines where position <> 0) as "linesNotFirst",
  (select coalesce(sum(total_cents), 0)::bigint::text from orders) as "ordersTotalCents",
  (select coalesce(sum(total_cents), 0)::bigint::text from order_lines) as "linesTotalCents",
  (select coalesce(sum(quantity), 0)::bigint::text from orders) as "ordersUnits",
  (select coalesce(sum(quantity), 0)::bigint::text from order_lines) as "linesUnits",
  (select count(*)::int from orders o join order_lines l on l.order_id = o.id
     where (l.tool_id, l.name, l.image, l.unit_price_cents, l.quantity, l.total_cents)
       is distinct from (o.tool_id, o.name, o.image, o.unit_price_cents, o.quantity, o.total_cents)) as "linesDiffering",
  (select count(*)::int from orders where status = 'refunded') as "refundedOrders",
  (select count(*)::int from orders o join order_lines l on l.order_id = o.id
     where l.refunded_quantity <> case when o.status = 'refunded' then o.quantity else 0 end) as "refundedQuantityWrong",
  (select count(*)::int from pg_proc where proname = 'place_orders') as "placeOrdersFunctions"`;

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { orders: { type: "string" } } });
  const sizes = { ...LARGE_SIZES, orders: Number(values.orders ?? LARGE_SIZES.orders) };
  const server = new URL(process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres");
  const name = `toolshop_check_0024_${process.pid}`;
  const admin = new pg.Client({ connectionString: server.toString() });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  const before = migrationsBefore(BEFORE);
  const handle = await openWithoutQueryTimeout(url.toString());
  try {
    const started = performance.now();
    await migrateDatabase(handle, before);
    // Smaller batches than the seed's own: each statement stays well within the driver's timeout.
    await seedLarge(withoutOrderLines(handle), sizes, { batchSize: 20_000 });
    const pool = handle.client as pg.Pool;
    const marked = await pool.query(
      `update orders set status = 'refunded' where status = 'paid' and ('x' || substr(md5(id::text), 1, 4))::bit(16)::int % 50 = 0`,
    );
    const { rows: counted } = await pool.query(
      "select count(*)::int as orders, coalesce(sum(total_cents), 0)::bigint::text as total from orders",
    );
    const seededSeconds = (performance.now() - started) / 1000;
    const migrating = performance.now();
    await migrateDatabase(handle);
    const migrateSeconds = (performance.now() - migrating) / 1000;
    const { rows } = await pool.query(FIGURES);
    const f = rows[0];
    const nothingLost =
      f.orders === counted[0].orders &&
      f.ordersTotalCents === counted[0].total &&
      f.lines === f.orders &&
      f.ordersWithLines === f.orders &&
      f.ordersWithoutLine === 0 &&
      f.linesNotFirst === 0 &&
      f.linesTotalCents === f.ordersTotalCents &&
      f.linesUnits === f.ordersUnits &&
      f.linesDiffering === 0 &&
      f.refundedQuantityWrong === 0 &&
      f.placeOrdersFunctions === 0;
    console.log(
      JSON.stringify(
        {
          command: "npx tsx packages/db/src/migration-0024-check.ts",
          date: new Date().toISOString(),
          sizes,
          beforeMigration: {
            orders: counted[0].orders,
            totalCents: counted[0].total,
            markedRefunded: marked.rowCount,
          },
          seededSeconds: Math.round(seededSeconds),
          migrationsFrom0024Seconds: Math.round(migrateSeconds * 10) / 10,
          afterMigration: f,
          nothingLost,
        },
        null,
        2,
      ),
    );
    if (!nothingLost) process.exitCode = 1;
  } finally {
    await handle.close();
    rmSync(before, { recursive: true, force: true });
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

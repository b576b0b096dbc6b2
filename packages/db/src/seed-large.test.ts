import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "./client";
import { BENCH_ADMIN_EMAIL, BENCH_CUSTOMER_EMAIL, parseSeedArguments, seedLarge } from "./seed-large";
import { queryRows, testDatabaseTargets } from "./test-support";
import { createTestDatabase } from "./testing";

const SIZES = { tools: 40, users: 30, orders: 1_500, reviews: 60 };

/**
 * Row counts, and a digest of every generated row's content (ids included; a tool's category by its slug,
 * since the migration's root categories have each database's own ids).
 */
async function fingerprint(handle: DatabaseHandle) {
  const [row] = await queryRows<Record<string, string | number>>(
    handle.db,
    sql`select
      (select count(*)::int from tools) as tools, (select count(*)::int from users) as users,
      (select count(*)::int from orders) as orders, (select count(*)::int from reviews) as reviews,
      (select md5(string_agg((to_jsonb(t) - 'category_id' || jsonb_build_object('category', c.slug))::text, ','
          order by t.id)) from tools t join categories c on c.id = t.category_id) as tools_digest,
      (select md5(string_agg(u::text, ',' order by u.id)) from users u) as users_digest,
      (select md5(string_agg(o::text, ',' order by o.id)) from orders o) as orders_digest,
      (select md5(string_agg(r::text, ',' order by r.id)) from reviews r) as reviews_digest`,
  );
  return row;
}

for (const target of testDatabaseTargets()) {
  describe.skipIf(target.skip)(`the large seed, at a small size ${target.title}`, () => {
    let first: DatabaseHandle;
    let second: DatabaseHandle;
    beforeAll(async () => {
      [first, second] = await Promise.all([
        createTestDatabase(target.options),
        createTestDatabase(target.options),
      ]);
    });
    afterAll(async () => {
      await first?.close();
      await second?.close();
    });

    it("makes the asked counts, the same rows from the same seed, and nothing more when run again", async () => {
      await seedLarge(first, SIZES, { seed: 7, batchSize: 400 });
      await seedLarge(second, SIZES, { seed: 7 });
      const made = await fingerprint(first);
      expect(made).toMatchObject(SIZES);
      // Batching does not change what is made.
      expect(await fingerprint(second)).toEqual(made);

      await seedLarge(first, SIZES, { seed: 7 });
      expect(await fingerprint(first)).toEqual(made);
    });

    it("gives every order its one line, whose total is the order's", async () => {
      const [row] = await queryRows<{ orders: number; matching: number }>(
        first.db,
        sql`select (select count(*)::int from orders) as orders,
          (select count(*)::int from orders o join order_lines l on l.order_id = o.id and l.position = 0
            where l.tool_id is not null and l.total_cents = o.total_cents
              and not exists (select from order_lines m where m.order_id = o.id and m.position > 0)) as matching`,
      );
      expect(row?.orders).toBe(SIZES.orders);
      expect(row?.matching).toBe(SIZES.orders);
    });

    it("counts its paid orders in the overview's per-day sales (0048), once however often it runs", async () => {
      const [row] = await queryRows<{ paid: number; counted: number; cents: string; sold: string }>(
        first.db,
        sql`select
          (select count(*)::int from orders where status in ('paid', 'shipped') and paid_at is not null) as paid,
          (select sum(paid_orders)::int from sales_by_day) as counted,
          (select sum(revenue_cents)::text from sales_by_day) as cents,
          (select sum(total_cents)::text from orders where status in ('paid', 'shipped')) as sold`,
      );
      expect(row?.paid).toBeGreaterThan(0);
      expect(row?.counted).toBe(row?.paid);
      expect(row?.cents).toBe(row?.sold);
    });

    it("has the benchmark's admin, and its customer with 1,000 orders", async () => {
      const rows = await queryRows<{ email: string; role: string; orders: number }>(
        first.db,
        sql`select u.email, u.role, (select count(*)::int from orders o where o.user_id = u.id) as orders
            from users u where u.email in (${BENCH_ADMIN_EMAIL}, ${BENCH_CUSTOMER_EMAIL}) order by u.email`,
      );
      expect(rows).toEqual([
        { email: BENCH_ADMIN_EMAIL, role: "admin", orders: 0 },
        { email: BENCH_CUSTOMER_EMAIL, role: "user", orders: 1_000 },
      ]);
      // Every line's copy of its tool is the tool's, and totals add up.
      const [check] = await queryRows<{ bad: number }>(
        first.db,
        sql`select count(*)::int as bad from orders o join order_lines l on l.order_id = o.id
            join tools t on t.id = l.tool_id
            where l.name <> t.name or l.unit_price_cents <> t.price_cents or o.total_cents <> l.unit_price_cents * l.quantity`,
      );
      expect(check?.bad).toBe(0);
    });

    it("makes ids the API accepts: RFC 9562 UUIDs (version and variant), as the shared z.uuid() checks", async () => {
      const [row] = await queryRows<{ ids: string[] }>(
        first.db,
        sql`select array_agg(id::text) as ids from (
              select id from tools union all select id from users union all
              select id from orders union all select id from reviews) generated`,
      );
      const rfcUuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
      const notUuid = (row?.ids ?? []).filter((id) => !rfcUuid.test(id));
      expect(row?.ids.length).toBeGreaterThan(0);
      expect(notUuid).toEqual([]);
    });

    it("gives every tool the category of its kind in the demo tree, each category plenty of tools", async () => {
      const rows = await queryRows<{ slug: string; tools: number }>(
        first.db,
        sql`select c.slug, count(*)::int as tools from tools t join categories c on c.id = t.category_id
            group by c.slug order by c.slug`,
      );
      expect(rows).toEqual([
        { slug: "drills", tools: 5 },
        { slug: "electrical", tools: 10 },
        { slug: "measuring", tools: 10 },
        { slug: "pliers", tools: 5 },
        { slug: "screwdrivers", tools: 5 },
        { slug: "testers", tools: 5 },
      ]);
      const [mismatch] = await queryRows<{ wrong: number }>(
        first.db,
        sql`select count(*)::int as wrong from tools t join categories c on c.id = t.category_id
            where (c.slug = 'drills') <> (t.name ~ 'Electric Drill')
               or (c.slug = 'testers') <> (t.name ~ 'Voltage Tester')
               or (c.slug = 'electrical') <> (t.name ~ '(Wire Strippers|Fish Tape)')`,
      );
      expect(mismatch?.wrong).toBe(0);
    });
  });
}

describe("the large seed's command line", () => {
  it("defaults to the large size on PostgreSQL and a tenth of it on PGlite; flags win", () => {
    expect(parseSeedArguments([], "postgres").sizes).toEqual({
      tools: 10_000,
      users: 100_000,
      orders: 1_000_000,
      reviews: 50_000,
    });
    expect(parseSeedArguments([], "pglite").sizes).toEqual({
      tools: 1_000,
      users: 10_000,
      orders: 100_000,
      reviews: 5_000,
    });
    expect(parseSeedArguments(["--tools", "5", "--seed", "3"], "pglite")).toMatchObject({
      sizes: { tools: 5 },
      seed: 3,
    });
    expect(() => parseSeedArguments(["--orders", "many"], "postgres")).toThrow(
      "--orders must be a whole number.",
    );
    expect(parseSeedArguments(["--batch", "10000"], "postgres").batchSize).toBe(10_000);
    expect(parseSeedArguments([], "postgres").batchSize).toBeUndefined();
    expect(() => parseSeedArguments(["--batch", "0"], "postgres")).toThrow(
      "--batch must be a whole number above 0.",
    );
  });
});

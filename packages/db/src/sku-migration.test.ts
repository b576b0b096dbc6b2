// Migration 0038 (decision 0056): every tool gets a SKU of the shop's series (its category's first three
// letters or digits, a number by age), order and quote lines the SKU of their tool, and the sequence
// goes on after the last one; nothing else changes.
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openPglite } from "./client";
import { migrateDatabase } from "./migrate";
import { migrationsBefore, queryRows, sqlState } from "./test-support";

const SKU_MIGRATION = "0038_tool_skus";

describe("migration 0038 gives every tool a SKU and every line its tool's", () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openPglite(new PGlite());
    const before = await migrationsBefore(SKU_MIGRATION);
    try {
      await migrateDatabase(handle, before.folder);
    } finally {
      await before.remove();
    }
    await handle.db.execute(sql`insert into categories (name, slug, parent_id, position)
      select 'Power Drills', 'power-drills', id, 0 from categories where slug = 'electrical'`);
    // Three tools, each a minute older than the next; the drill's category has a dash in its slug.
    await handle.db.execute(sql`insert into tools (name, short, image, price_cents, min_quantity, available_quantity,
        category_id, created_at)
      select v.name, 'A tool.', '/t.svg', v.price, 1, 50, c.id, timestamptz '2026-11-01T00:00:00Z' + v.n * interval '1 minute'
      from (values ('Pliers', 'mechanical', 1250, 1), ('Drill', 'power-drills', 8900, 2), ('Tester', 'electrical', 1430, 3))
        as v(name, slug, price, n)
      join categories c on c.slug = v.slug`);
    await handle.db.execute(sql`insert into users (email) values ('ada@example.com')`);
    // An order of two lines, one of a tool deleted before SKUs came; a quote of one line.
    await handle.db.execute(sql`with placed as (insert into orders (user_id, email, total_cents, address, phone)
        select id, email, 2500 + 700, '1 Main St', '555 0100' from users returning id)
      insert into order_lines (order_id, position, tool_id, name, image, unit_price_cents, quantity, total_cents)
      select placed.id, 0, t.id, t.name, t.image, 1250, 2, 2500 from placed, tools t where t.name = 'Pliers'
      union all select placed.id, 1, null, 'Gone Saw', '/s.svg', 700, 1, 700 from placed`);
    await handle.db.execute(sql`with asked as (insert into quotes (name, email, quantity, message)
        values ('Ada', 'ada@example.com', 40, 'A price, please.') returning id)
      insert into quote_lines (quote_id, position, tool_id, name, image, quantity)
      select asked.id, 0, t.id, t.name, t.image, 40 from asked, tools t where t.name = 'Drill'`);
    await migrateDatabase(handle);
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("numbers the tools by age under their category's first letters, the rest of each row as it was", async () => {
    const rows = await queryRows<Record<string, unknown>>(
      handle.db,
      sql`select name, sku, price_cents, available_quantity from tools order by created_at`,
    );
    expect(rows).toEqual([
      { name: "Pliers", sku: "MEC-00001", price_cents: 1250, available_quantity: 50 },
      { name: "Drill", sku: "POW-00002", price_cents: 8900, available_quantity: 50 },
      { name: "Tester", sku: "ELE-00003", price_cents: 1430, available_quantity: 50 },
    ]);
  });

  it("gives each order and quote line its tool's SKU, and none to a line whose tool is gone", async () => {
    const lines = await queryRows<Record<string, unknown>>(
      handle.db,
      sql`select name, sku, quantity, total_cents from order_lines order by position`,
    );
    expect(lines).toEqual([
      { name: "Pliers", sku: "MEC-00001", quantity: 2, total_cents: 2500 },
      { name: "Gone Saw", sku: null, quantity: 1, total_cents: 700 },
    ]);
    const quoted = await queryRows<Record<string, unknown>>(
      handle.db,
      sql`select name, sku from quote_lines`,
    );
    expect(quoted).toEqual([{ name: "Drill", sku: "POW-00002" }]);
  });

  it("goes on with the series after the last number it gave", async () => {
    const [next] = await queryRows<{ n: string }>(
      handle.db,
      sql`select nextval('tool_sku_numbers')::text as n`,
    );
    expect(next?.n).toBe("4");
  });

  it("refuses a second tool with a SKU in another case, and a SKU outside the rule", async () => {
    const insert = (sku: string) =>
      handle.db
        .execute(sql`insert into tools (name, short, image, price_cents, min_quantity, available_quantity, category_id, sku)
          select 'Copy', 'A copy.', '/c.svg', 100, 1, 1, id, ${sku} from categories where slug = 'mechanical'`)
        .then(() => "inserted", sqlState);
    await expect(insert("mec-00001")).resolves.toBe("23505");
    await expect(insert("../etc")).resolves.toBe("23514");
    await expect(insert("MEC 00009")).resolves.toBe("23514");
    await expect(insert("Mec-00009")).resolves.toBe("inserted");
  });
});

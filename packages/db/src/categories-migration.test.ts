// Migration 0036 (decision 0055): the two fixed values of tools.category become two root categories,
// every tool points at its own, and the text column and its check are gone; nothing lost.
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openPglite } from "./client";
import { migrateDatabase } from "./migrate";
import { migrationsBefore, queryRows, sqlState } from "./test-support";

const CATEGORIES_MIGRATION = "0036_categories";

describe("migration 0036 moves the tools' two fixed categories into a tree", () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openPglite(new PGlite());
    const before = await migrationsBefore(CATEGORIES_MIGRATION);
    try {
      await migrateDatabase(handle, before.folder);
    } finally {
      await before.remove();
    }
    // Tools of both categories, and one left to the column's default (mechanical), as the API and the
    // seed wrote them before.
    await handle.db.execute(sql`insert into tools (name, short, image, price_cents, min_quantity, available_quantity, category)
      values ('Electric Drill', 'A drill.', '/d.svg', 8900, 10, 240, 'electrical'),
             ('Voltage Tester', 'A tester.', '/v.svg', 1430, 30, 2000, 'electrical'),
             ('Pliers', 'Pliers.', '/p.svg', 1250, 20, 1200, 'mechanical')`);
    await handle.db.execute(sql`insert into tools (name, short, image, price_cents, min_quantity, available_quantity)
      values ('Level', 'A level.', '/l.svg', 1640, 15, 600)`);
    await migrateDatabase(handle);
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("makes the two values root categories with the names the shop showed for them", async () => {
    const rows = await queryRows<Record<string, unknown>>(
      handle.db,
      sql`select slug, name, parent_id, position from categories order by position`,
    );
    expect(rows).toEqual([
      { slug: "electrical", name: "Electrical", parent_id: null, position: 0 },
      { slug: "mechanical", name: "Mechanical", parent_id: null, position: 1 },
    ]);
  });

  it("points every tool at the category it had, the others' columns untouched", async () => {
    const rows = await queryRows<Record<string, unknown>>(
      handle.db,
      sql`select t.name, c.slug, t.price_cents, t.available_quantity
        from tools t join categories c on c.id = t.category_id order by t.name`,
    );
    expect(rows).toEqual([
      { name: "Electric Drill", slug: "electrical", price_cents: 8900, available_quantity: 240 },
      { name: "Level", slug: "mechanical", price_cents: 1640, available_quantity: 600 },
      { name: "Pliers", slug: "mechanical", price_cents: 1250, available_quantity: 1200 },
      { name: "Voltage Tester", slug: "electrical", price_cents: 1430, available_quantity: 2000 },
    ]);
  });

  it("drops the text column and its check", async () => {
    const columns = await queryRows<{ column_name: string }>(
      handle.db,
      sql`select column_name from information_schema.columns where table_name = 'tools' and column_name like 'category%'`,
    );
    expect(columns.map((column) => column.column_name)).toEqual(["category_id"]);
    const checks = await queryRows<{ conname: string }>(
      handle.db,
      sql`select conname from pg_constraint where conname = 'tools_category_known'`,
    );
    expect(checks).toEqual([]);
  });

  it("keeps a category with tools from being deleted, and a tool from having none", async () => {
    const deleting = handle.db.execute(sql`delete from categories where slug = 'electrical'`);
    await expect(deleting.then(() => "deleted", sqlState)).resolves.toBe("23001");
    const orphan =
      handle.db.execute(sql`insert into tools (name, short, image, price_cents, min_quantity, available_quantity)
      values ('Saw', 'A saw.', '/s.svg', 100, 1, 1)`);
    await expect(orphan.then(() => "inserted", sqlState)).resolves.toBe("23502");
  });
});

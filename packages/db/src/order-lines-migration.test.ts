// Migration 0024 (decision 0038): every order placed before it becomes its one line, from the order's
// own columns, nothing lost; a refunded order's line is refunded in full. Migration 0037 drops those
// columns (issue 57) and first gives their line to any order that still had none.
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openPglite } from "./client";
import { migrateDatabase } from "./migrate";
import { migrationsBefore, queryRows } from "./test-support";

const LINES_MIGRATION = "0024_order_lines";
const DROP_MIGRATION = "0037_orders_without_one_line_columns";

/** Migrates `handle` up to, not including, `tag`. */
async function migrateBefore(handle: DatabaseHandle, tag: string): Promise<void> {
  const before = await migrationsBefore(tag);
  try {
    await migrateDatabase(handle, before.folder);
  } finally {
    await before.remove();
  }
}

describe("migration 0024 moves every order into its one line", () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openPglite(new PGlite());
    await migrateBefore(handle, LINES_MIGRATION);
    const [user] = await queryRows<{ id: string }>(
      handle.db,
      sql`insert into users (email) values ('ada@example.com') returning id`,
    );
    const [tool] = await queryRows<{ id: string }>(
      handle.db,
      sql`insert into tools (name, short, image, price_cents, min_quantity, available_quantity)
        values ('Pliers', 'Pliers.', '/p.svg', 250, 1, 10) returning id`,
    );
    if (!user || !tool) throw new Error("expected a user and a tool");
    // Three orders as the old core wrote them: one unpaid, one refunded, one whose tool was deleted.
    await handle.db.execute(sql`insert into orders
      (user_id, email, tool_id, name, image, unit_price_cents, quantity, total_cents, address, phone, status)
      values
      (${user.id}, 'ada@example.com', ${tool.id}, 'Pliers', '/p.svg', 250, 2, 500, '1 Main St', '555', 'unpaid'),
      (${user.id}, 'ada@example.com', ${tool.id}, 'Pliers', '/p.svg', 250, 3, 750, '1 Main St', '555', 'refunded'),
      (${user.id}, 'ada@example.com', null, 'Old saw', '/s.svg', 1000, 1, 1000, '1 Main St', '555', 'delivered')`);
    // Up to the migration that drops the columns, to compare each line with its order's.
    await migrateBefore(handle, DROP_MIGRATION);
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("gives each order one line with its tool, name, image, prices and quantity", async () => {
    const rows = await queryRows<Record<string, unknown>>(
      handle.db,
      sql`select o.id = l.order_id as same_order, l.position, l.tool_id = o.tool_id as same_tool,
          l.tool_id is null as no_tool, l.name, l.image, l.unit_price_cents, l.quantity, l.total_cents,
          l.refunded_quantity
        from orders o join order_lines l on l.order_id = o.id order by l.total_cents`,
    );
    expect(rows).toEqual([
      {
        same_order: true,
        position: 0,
        same_tool: true,
        no_tool: false,
        name: "Pliers",
        image: "/p.svg",
        unit_price_cents: 250,
        quantity: 2,
        total_cents: 500,
        refunded_quantity: 0,
      },
      {
        same_order: true,
        position: 0,
        same_tool: true,
        no_tool: false,
        name: "Pliers",
        image: "/p.svg",
        unit_price_cents: 250,
        quantity: 3,
        total_cents: 750,
        refunded_quantity: 3,
      },
      {
        same_order: true,
        position: 0,
        same_tool: null,
        no_tool: true,
        name: "Old saw",
        image: "/s.svg",
        unit_price_cents: 1000,
        quantity: 1,
        total_cents: 1000,
        refunded_quantity: 0,
      },
    ]);
  });

  it("leaves no order without a line", async () => {
    const [row] = await queryRows<{ n: number }>(
      handle.db,
      sql`select count(*)::int as n from orders o where not exists (select 1 from order_lines l where l.order_id = o.id)`,
    );
    expect(row?.n).toBe(0);
  });
});

describe("migration 0037 drops the orders' one-line columns and loses no order's tool", () => {
  let handle: DatabaseHandle;
  let toolId: string;
  beforeAll(async () => {
    handle = await openPglite(new PGlite());
    await migrateBefore(handle, DROP_MIGRATION);
    const [user] = await queryRows<{ id: string }>(
      handle.db,
      sql`insert into users (email) values ('ada@example.com') returning id`,
    );
    const [tool] = await queryRows<{ id: string }>(
      handle.db,
      sql`insert into tools (name, short, image, price_cents, min_quantity, available_quantity, category_id)
        select 'Pliers', 'Pliers.', '/p.svg', 250, 1, 10, id from categories where slug = 'mechanical'
        returning id`,
    );
    if (!user || !tool) throw new Error("expected a user and a tool");
    toolId = tool.id;
    // An order of two lines as the order core writes it (its columns hold the first line), and two
    // written straight into the table without lines: one refunded, one whose tool was deleted.
    await handle.db.execute(sql`with placed as (insert into orders
      (user_id, email, tool_id, name, image, unit_price_cents, quantity, total_cents, address, phone)
      values (${user.id}, 'ada@example.com', ${tool.id}, 'Pliers', '/p.svg', 250, 2, 1500, '1 Main St', '555')
      returning id)
      insert into order_lines (order_id, position, tool_id, name, image, unit_price_cents, quantity, total_cents)
      select id, 0, ${tool.id}::uuid, 'Pliers', '/p.svg', 250, 2, 500 from placed
      union all select id, 1, null, 'Drill', '/d.svg', 1000, 1, 1000 from placed`);
    await handle.db.execute(sql`insert into orders
      (user_id, email, tool_id, name, image, unit_price_cents, quantity, total_cents, address, phone, status)
      values
      (${user.id}, 'ada@example.com', ${tool.id}, 'Pliers', '/p.svg', 250, 3, 750, '1 Main St', '555', 'refunded'),
      (${user.id}, 'ada@example.com', null, 'Old saw', '/s.svg', 1000, 4, 4000, '1 Main St', '555', 'delivered')`);
    await migrateDatabase(handle);
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("keeps a placed order's lines as they were and gives a lineless order its line from its columns", async () => {
    const rows = await queryRows<Record<string, unknown>>(
      handle.db,
      sql`select o.total_cents as order_total, l.position, l.tool_id = ${toolId} as same_tool, l.tool_id is null as no_tool,
          l.name, l.image, l.unit_price_cents, l.quantity, l.total_cents, l.refunded_quantity
        from orders o join order_lines l on l.order_id = o.id order by o.total_cents, l.position`,
    );
    const line = (order_total: number, position: number, tool: boolean, rest: Record<string, unknown>) => ({
      order_total,
      position,
      same_tool: tool ? true : null,
      no_tool: !tool,
      ...rest,
    });
    expect(rows).toEqual([
      line(750, 0, true, {
        name: "Pliers",
        image: "/p.svg",
        unit_price_cents: 250,
        quantity: 3,
        total_cents: 750,
        refunded_quantity: 3,
      }),
      line(1500, 0, true, {
        name: "Pliers",
        image: "/p.svg",
        unit_price_cents: 250,
        quantity: 2,
        total_cents: 500,
        refunded_quantity: 0,
      }),
      line(1500, 1, false, {
        name: "Drill",
        image: "/d.svg",
        unit_price_cents: 1000,
        quantity: 1,
        total_cents: 1000,
        refunded_quantity: 0,
      }),
      line(4000, 0, false, {
        name: "Old saw",
        image: "/s.svg",
        unit_price_cents: 1000,
        quantity: 4,
        total_cents: 4000,
        refunded_quantity: 0,
      }),
    ]);
  });

  it("leaves the orders without the one-line columns", async () => {
    const columns = await queryRows<{ column_name: string }>(
      handle.db,
      sql`select column_name from information_schema.columns
        where table_name = 'orders' and column_name in ('tool_id', 'name', 'image', 'unit_price_cents', 'quantity')`,
    );
    expect(columns).toEqual([]);
  });
});

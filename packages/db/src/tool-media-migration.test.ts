// Migration 0039 (decision 0057): each tool's picture becomes the first of its gallery, nothing lost,
// and a trigger keeps the gallery's first picture the tool's image whoever writes tools.image.
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openPglite } from "./client";
import { migrateDatabase } from "./migrate";
import { migrationsBefore, queryRows } from "./test-support";

const MEDIA_MIGRATION = "0039_tool_media";

describe("migration 0039 moves each tool's picture into its gallery", () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openPglite(new PGlite());
    const before = await migrationsBefore(MEDIA_MIGRATION);
    try {
      await migrateDatabase(handle, before.folder);
    } finally {
      await before.remove();
    }
    await handle.db.execute(sql`insert into tools (name, short, image, price_cents, min_quantity, available_quantity, category_id, sku)
      select v.name, 'A tool.', v.image, 1000, 1, 10, (select id from categories where slug = 'mechanical'), v.sku
      from (values ('Pliers', '/images/tools/pliers.svg', 'MEC-90001'),
                   ('Level', '/uploads/0123456789abcdef0123456789abcdef.webp', 'MEC-90002')) as v(name, image, sku)`);
    await migrateDatabase(handle);
  });
  afterAll(async () => {
    await handle?.close();
  });

  const gallery = () =>
    queryRows<Record<string, unknown>>(
      handle.db,
      sql`select t.name, i.position, i.url, i.alt from tool_images i join tools t on t.id = i.tool_id order by t.name, i.position`,
    );

  it("gives every tool its picture as its first, the tools' own column untouched", async () => {
    expect(await gallery()).toEqual([
      { name: "Level", position: 0, url: "/uploads/0123456789abcdef0123456789abcdef.webp", alt: "" },
      { name: "Pliers", position: 0, url: "/images/tools/pliers.svg", alt: "" },
    ]);
    const images = await queryRows<{ image: string }>(handle.db, sql`select image from tools order by name`);
    expect(images.map((row) => row.image)).toEqual([
      "/uploads/0123456789abcdef0123456789abcdef.webp",
      "/images/tools/pliers.svg",
    ]);
  });

  it("keeps a tool's first picture its image for a tool added or changed afterwards", async () => {
    await handle.db.execute(sql`insert into tools (name, short, image, price_cents, min_quantity, available_quantity, category_id, sku)
      values ('Saw', 'A saw.', '/images/tools/saw.svg', 900, 1, 5, (select id from categories where slug = 'mechanical'), 'MEC-90003')`);
    await handle.db.execute(sql`insert into tool_images (tool_id, position, url, alt)
      select id, 1, '/images/tools/saw-teeth.svg', 'The teeth' from tools where name = 'Saw'`);
    await handle.db.execute(sql`update tools set image = '/images/tools/saw-2.svg' where name = 'Saw'`);
    // A write of other columns leaves the gallery alone.
    await handle.db.execute(sql`update tools set available_quantity = 4 where name = 'Saw'`);
    expect((await gallery()).filter((row) => row.name === "Saw")).toEqual([
      { name: "Saw", position: 0, url: "/images/tools/saw-2.svg", alt: "" },
      { name: "Saw", position: 1, url: "/images/tools/saw-teeth.svg", alt: "The teeth" },
    ]);
    await handle.db.execute(sql`delete from tools where name = 'Saw'`);
    expect((await gallery()).filter((row) => row.name === "Saw")).toEqual([]);
  });
});

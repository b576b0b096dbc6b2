// Migration 0006: existing orders get receipt numbers in the order they were placed, new ones the next.
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openPglite } from "./client";
import { defaultMigrationsFolder, migrateDatabase } from "./migrate";
import { queryRows, sqlState } from "./test-support";

interface JournalEntry {
  idx: number;
  tag: string;
}

/** A migrations folder holding only the migrations before 0006: the database as it was. */
async function foldersBeforeOrderNumbers(): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), "toolshop-migrations-"));
  await mkdir(join(folder, "meta"));
  const journal = JSON.parse(await readFile(join(defaultMigrationsFolder, "meta/_journal.json"), "utf8"));
  const before = (journal.entries as JournalEntry[]).filter((entry) => entry.idx < 6);
  for (const entry of before) {
    await copyFile(join(defaultMigrationsFolder, `${entry.tag}.sql`), join(folder, `${entry.tag}.sql`));
  }
  await writeFile(join(folder, "meta/_journal.json"), JSON.stringify({ ...journal, entries: before }));
  return folder;
}

/** An order as the tables were before 0006, with the tool's columns migration 0036 dropped. */
const insertOldOrder = (email: string, minutesAgo: number) => sql`
  insert into orders (user_id, email, name, image, unit_price_cents, quantity, total_cents, address, phone, created_at)
  select id, email, 'Pliers', '/p.svg', 100, 1, 100, '1 Main St', '555', now() - make_interval(mins => ${minutesAgo})
  from users where email = ${email}
  returning email`;

/** An order as the tables are now (its lines left out: only its number matters here). */
const insertOrder = (email: string) => sql`
  insert into orders (user_id, email, total_cents, address, phone)
  select id, email, 100, '1 Main St', '555' from users where email = ${email}
  returning email`;

describe("migration 0006_order_numbers on PGlite", () => {
  let handle: DatabaseHandle;
  let oldFolder: string;
  beforeAll(async () => {
    oldFolder = await foldersBeforeOrderNumbers();
    handle = await openPglite(new PGlite());
    await migrateDatabase(handle, oldFolder);
    await handle.db.execute(sql`insert into users (email) values ('ada@example.com')`);
    // Placed second, inserted first: the backfill follows the time of placing.
    await handle.db.execute(insertOldOrder("ada@example.com", 5));
    await handle.db.execute(insertOldOrder("ada@example.com", 60));
    await migrateDatabase(handle);
  });
  afterAll(async () => {
    await handle?.close();
    if (oldFolder) await rm(oldFolder, { recursive: true, force: true });
  });

  it("numbers the existing orders oldest first, then continues the sequence", async () => {
    await handle.db.execute(insertOrder("ada@example.com"));
    const rows = await queryRows<{ number: string }>(
      handle.db,
      sql`select number::text as number from orders order by created_at`,
    );
    expect(rows.map((row) => row.number)).toEqual(["1", "2", "3"]);
  });

  it("refuses a duplicate number", async () => {
    const error = await handle.db.execute(sql`update orders set number = 1`).then(
      () => undefined,
      (rejection: unknown) => rejection,
    );
    expect(sqlState(error)).toBe("23505");
  });
});

import { access } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { count, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "./client";
import { reviews, tools } from "./schema";
import { seedDemoData } from "./seed";
import { queryRows, testDatabaseTargets } from "./test-support";
import { createTestDatabase } from "./testing";

const webPublic = fileURLToPath(new URL("../../../apps/web/public", import.meta.url));

const specTools = [
  "Electric Drill",
  "Fish Tape",
  "Level",
  "Pliers",
  "Screwdrivers",
  "Tape Measure",
  "Voltage Tester",
  "Wire Strippers",
];

for (const target of testDatabaseTargets()) {
  describe.skipIf(target.skip)(`the demo seed ${target.title}`, () => {
    let handle: DatabaseHandle;
    beforeAll(async () => {
      handle = await createTestDatabase(target.options);
    });
    afterAll(async () => {
      await handle?.close();
    });

    async function counts() {
      const [toolCount] = await handle.db.select({ value: count() }).from(tools);
      const [reviewCount] = await handle.db.select({ value: count() }).from(reviews);
      return { tools: toolCount?.value, reviews: reviewCount?.value };
    }

    it("fills an empty database with the eight tools of the spec and a few reviews", async () => {
      await expect(seedDemoData(handle.db)).resolves.toBe(true);
      const rows = await handle.db.select().from(tools).orderBy(tools.name);
      expect(rows.map((tool) => tool.name)).toEqual(specTools);
      for (const tool of rows) {
        expect(tool.short.length).toBeGreaterThan(60);
        expect(tool.image).toMatch(/^\/images\/tools\/[a-z-]+\.svg$/);
        expect(tool.minQuantity).toBeLessThanOrEqual(tool.availableQuantity);
        // The image ships with the web app's public folder.
        await expect(access(`${webPublic}${tool.image}`)).resolves.toBeUndefined();
      }
      expect((await counts()).reviews).toBeGreaterThanOrEqual(4);
    });

    it("gives the demo a small tree, and each demo tool its category in it", async () => {
      const tree = await queryRows<{ slug: string; parent: string | null; position: number }>(
        handle.db,
        sql`select c.slug, p.slug as parent, c.position from categories c left join categories p on p.id = c.parent_id
          order by p.slug nulls first, c.position`,
      );
      expect(tree).toEqual([
        { slug: "electrical", parent: null, position: 0 },
        { slug: "mechanical", parent: null, position: 1 },
        { slug: "drills", parent: "electrical", position: 0 },
        { slug: "testers", parent: "electrical", position: 1 },
        { slug: "pliers", parent: "mechanical", position: 0 },
        { slug: "screwdrivers", parent: "mechanical", position: 1 },
        { slug: "measuring", parent: "mechanical", position: 2 },
      ]);
      const rows = await queryRows<{ name: string; slug: string }>(
        handle.db,
        sql`select t.name, c.slug from tools t join categories c on c.id = t.category_id order by t.name`,
      );
      expect(rows).toEqual([
        { name: "Electric Drill", slug: "drills" },
        { name: "Fish Tape", slug: "electrical" },
        { name: "Level", slug: "measuring" },
        { name: "Pliers", slug: "pliers" },
        { name: "Screwdrivers", slug: "screwdrivers" },
        { name: "Tape Measure", slug: "measuring" },
        { name: "Voltage Tester", slug: "testers" },
        { name: "Wire Strippers", slug: "electrical" },
      ]);
    });

    it("adds nothing when run again", async () => {
      const before = await counts();
      await expect(seedDemoData(handle.db)).resolves.toBe(false);
      expect(await counts()).toEqual(before);
      expect(before.tools).toBe(8);
    });

    // Only PostgreSQL can run the two at once; PGlite has a single connection.
    if (target.options.kind === "postgres") {
      it("seeds once when two processes start together", async () => {
        await handle.db.delete(reviews);
        await handle.db.delete(tools);
        const results = await Promise.all([seedDemoData(handle.db), seedDemoData(handle.db)]);
        expect(results.filter(Boolean)).toHaveLength(1);
        expect((await counts()).tools).toBe(8);
      });
    }
  });
}

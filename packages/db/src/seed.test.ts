import { access } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "./client";
import { reviews, tools } from "./schema";
import { seedDemoData } from "./seed";
import { testDatabaseTargets } from "./test-support";
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

    it("gives each demo tool its category", async () => {
      const rows = await handle.db.select({ name: tools.name, category: tools.category }).from(tools);
      const electrical = rows.filter((tool) => tool.category === "electrical").map((tool) => tool.name);
      expect(electrical.sort()).toEqual(["Electric Drill", "Fish Tape", "Voltage Tester", "Wire Strippers"]);
      expect(rows.filter((tool) => tool.category === "mechanical")).toHaveLength(4);
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

import { tools } from "@toolshop/db/schema";
import { seedLarge } from "@toolshop/db/seed-large";
import { queryRows, testDatabaseTargets } from "@toolshop/db/test-support";
import { createTestDatabase } from "@toolshop/db/testing";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { categoryCondition, searchCondition } from "./search";

// PostgreSQL only: PGlite's planner is the same code, but the point is the production database's plan.
const postgres = testDatabaseTargets().find((target) => target.options.kind === "postgres");

describe.skipIf(!postgres || postgres.skip)("the tool search's plan at 10,000 tools on PostgreSQL", () => {
  it("finds the words through the GIN index, not by reading every tool", { timeout: 120_000 }, async () => {
    const handle = await createTestDatabase(postgres?.options ?? { kind: "pglite" });
    try {
      await seedLarge(handle, { tools: 10_000, users: 0, orders: 0, reviews: 0 }, { seed: 1 });
      // As autovacuum would: the rows inserted after the index was made wait in GIN's pending list,
      // which the planner rightly counts as slow to search until a vacuum merges it.
      await handle.db.execute(sql`vacuum analyze tools`);
      const search = handle.db.select({ id: tools.id }).from(tools).where(searchCondition("0004"));
      const plan = await queryRows<{ "QUERY PLAN": string }>(handle.db, sql`explain ${search}`);
      const text = plan.map((row) => row["QUERY PLAN"]).join("\n");
      expect(text, text).toContain("tools_search_idx");
      expect(text, text).not.toMatch(/Seq Scan on tools/);
      // And it finds what it should: models 00040 to 00049.
      expect(await search).toHaveLength(10);
    } finally {
      await handle.close();
    }
  });
});

describe.skipIf(!postgres || postgres.skip)("a category's page at 10,000 tools on PostgreSQL", () => {
  it("reads the featured index in order, for one category and for one with sub-categories", {
    timeout: 120_000,
  }, async () => {
    const handle = await createTestDatabase(postgres?.options ?? { kind: "pglite" });
    try {
      await seedLarge(handle, { tools: 10_000, users: 0, orders: 0, reviews: 0 }, { seed: 1 });
      await handle.db.execute(sql`vacuum analyze tools`);
      const slugs = await queryRows<{ id: string; slug: string }>(
        handle.db,
        sql`select id, slug from categories`,
      );
      const ids = (...wanted: string[]) =>
        slugs.filter((row) => wanted.includes(row.slug)).map((row) => row.id);
      const explain = async (categoryIds: string[]) => {
        // The featured sort's first page, as GET /tools/search?category= asks for it.
        const page = handle.db
          .select({ id: tools.id })
          .from(tools)
          .where(categoryCondition(categoryIds))
          .orderBy(tools.soldOut, tools.categoryId, tools.name, tools.id)
          .limit(25);
        const plan = await queryRows<{ "QUERY PLAN": string }>(handle.db, sql`explain ${page}`);
        return { text: plan.map((row) => row["QUERY PLAN"]).join("\n"), rows: await page };
      };
      // Drills alone: an index condition on the featured index, no sort.
      const drills = await explain(ids("drills"));
      expect(drills.text, drills.text).toMatch(/Index (Only )?Scan using tools_featured_idx/);
      expect(drills.text, drills.text).toContain("Index Cond");
      expect(drills.text, drills.text).not.toMatch(/Seq Scan on tools|Sort/);
      expect(drills.rows).toHaveLength(25);
      // Electrical with its drills and testers: the same index in its order, the categories a filter.
      const electrical = await explain(ids("electrical", "drills", "testers"));
      expect(electrical.text, electrical.text).toMatch(/Index (Only )?Scan using tools_featured_idx/);
      expect(electrical.text, electrical.text).not.toMatch(/Seq Scan on tools|Sort/);
    } finally {
      await handle.close();
    }
  });
});

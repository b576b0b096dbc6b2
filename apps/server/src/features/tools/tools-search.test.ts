import { tools } from "@toolshop/db/schema";
import { seedDemoData } from "@toolshop/db/seed";
import { queryRows, testDatabaseTargets } from "@toolshop/db/test-support";
import { apiErrorSchema } from "@toolshop/shared/errors";
import { CURSOR_NOT_OURS } from "@toolshop/shared/paging";
import { type Tool, type ToolSearchPage, toolSearchPageSchema, toolSorts } from "@toolshop/shared/tools";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categoryIdOf, nextTestSku } from "../../testing/fixtures";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { CURSOR_OTHER_SORT } from "./search";

const KINDS = ["Alpha", "Beta", "Gamma", "Delta"];

/**
 * Where the ratchets go: the two roots, and pliers, a sub-category of mechanical in the demo tree. So
 * mechanical's search takes in two categories' tools (and the demo's sub-categories'), pliers' one.
 */
const RATCHET_CATEGORIES = ["electrical", "mechanical", "pliers"] as const;

/** 32 ratchets with many ties (8 of each name, 5 prices, 3 shared creation times), some sold out. */
const ratchets = Array.from({ length: 32 }, (_, i) => ({
  name: `Ratchet ${KINDS[i % 4]}`,
  short: `A socket ratchet, part RX${100 + i}, ${i % 2 ? "chrome-vanadium" : "hardened"} steel.`,
  image: "/images/tools/pliers.svg",
  priceCents: 1000 + (i % 5) * 100,
  minQuantity: 5,
  availableQuantity: i % 6 === 0 ? 2 : 100,
  category: RATCHET_CATEGORIES[i % 3] as string,
  // Two of them a microsecond apart: the same millisecond for JavaScript, not for PostgreSQL.
  createdAt: sql`timestamptz '2020-01-01T00:00:00Z' + ${i % 3} * interval '1 hour' + ${i === 1 ? 1 : 0} * interval '1 microsecond'`,
}));

interface Ranked extends Tool {
  at: string;
  /** Its category's id: the featured sort groups by it. */
  categoryId: string;
}

/** A ratchet's row: its category by slug. */
const rowOf = ({ category, ...ratchet }: (typeof ratchets)[number]) => ({
  ...ratchet,
  categoryId: categoryIdOf(category),
  sku: nextTestSku(),
});

/** Whether the tool is in `slug` or under it: what the search's category takes in. */
const within = (tool: Tool, slug: string) => tool.category.path.some((step) => step.slug === slug);

for (const target of testDatabaseTargets()) {
  describe.skipIf(target.skip)(`tools search API ${target.title}`, () => {
    let t: TestApp;
    let all: Ranked[];
    beforeAll(async () => {
      t = await createTestApp(target.options);
      await seedDemoData(t.database.db);
      await t.database.db.insert(tools).values(ratchets.map(rowOf));
      const rows = await queryRows<{ id: string; at: string; category_id: string }>(
        t.database.db,
        sql`select id, category_id, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') as at from tools`,
      );
      const catalogue = (await t.app.inject({ method: "GET", url: "/api/tools" })).json() as Tool[];
      all = catalogue.map((tool) => {
        const row = rows.find((each) => each.id === tool._id);
        return { ...tool, at: row?.at ?? "", categoryId: row?.category_id ?? "" };
      });
    });
    afterAll(async () => {
      await t?.close();
    });

    async function search(query: Record<string, string | number>) {
      const params = new URLSearchParams(
        Object.entries(query).map(([name, value]) => [name, String(value)] as [string, string]),
      );
      const url = `/api/tools/search?${params}`;
      return t.app.inject({ method: "GET", url });
    }
    async function page(query: Record<string, string | number>): Promise<ToolSearchPage> {
      const response = await search(query);
      expect(response.statusCode, response.body).toBe(200);
      return toolSearchPageSchema.parse(response.json());
    }
    /** Every page of a search, following nextCursor. */
    async function everyPage(query: Record<string, string | number>) {
      const seen: Tool[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const next: ToolSearchPage = await page(cursor ? { ...query, cursor } : query);
        expect(next.total).toBeGreaterThanOrEqual(seen.length + next.tools.length);
        seen.push(...next.tools);
        cursor = next.nextCursor;
        pages++;
      } while (cursor && pages < 50);
      return { tools: seen, pages };
    }

    const by = (...keys: ((tool: Ranked) => string | number | boolean)[]) => {
      return (a: Ranked, b: Ranked) => {
        for (const key of keys) {
          const [x, y] = [key(a), key(b)];
          if (x !== y) return x < y ? -1 : 1;
        }
        return 0;
      };
    };
    const id = (tool: Ranked) => tool._id;
    const expected: Record<(typeof toolSorts)[number], (a: Ranked, b: Ranked) => number> = {
      featured: by(
        (tool) => tool.availableQuantity < tool.minQuantity,
        (tool) => tool.categoryId,
        (tool) => tool.name,
        id,
      ),
      price: by((tool) => tool.price, id),
      "price-desc": (a, b) => -by((tool) => tool.price, id)(a, b),
      name: by((tool) => tool.name, id),
      newest: (a, b) => -by((tool) => tool.at, id)(a, b),
    };
    const strip = ({ at: _at, categoryId: _categoryId, ...tool }: Ranked): Tool => tool;

    it("pages through every sort, with and without filters, giving every match once and in order", async () => {
      const filters: { query: Record<string, string>; matches: (tool: Tool) => boolean }[] = [
        { query: {}, matches: () => true },
        // A root: its own tools and its sub-categories' (the demo's drills and testers).
        { query: { category: "electrical" }, matches: (tool: Tool) => within(tool, "electrical") },
        // A category without sub-categories.
        { query: { category: "pliers" }, matches: (tool: Tool) => tool.category.slug === "pliers" },
        { query: { q: "ratchet" }, matches: (tool: Tool) => tool.name.startsWith("Ratchet") },
        {
          query: { q: "Chrome-Vanadium", category: "mechanical" },
          matches: (tool: Tool) => tool.short.includes("chrome-vanadium") && within(tool, "mechanical"),
        },
      ];
      for (const sort of toolSorts) {
        for (const { query, matches } of filters) {
          const want = all.filter(matches).sort(expected[sort]).map(strip);
          expect(want.length).toBeGreaterThan(5);
          const got = await everyPage({ ...query, sort, limit: 5 });
          expect(got.tools, `${sort} ${JSON.stringify(query)}`).toEqual(want);
          expect(got.pages).toBe(Math.ceil(want.length / 5));
          expect((await page({ ...query, sort, limit: 5 })).total).toBe(want.length);
        }
      }
    });

    it("answers the featured first page of 24 by default, in stock first, then by category", async () => {
      const first = await page({});
      expect(first.tools).toHaveLength(24);
      expect(first.total).toBe(40);
      expect(first.totalIsEstimate).toBe(false);
      expect(first.tools).toEqual(all.sort(expected.featured).slice(0, 24).map(strip));
      const soldOut = all.filter((tool) => tool.availableQuantity < tool.minQuantity);
      expect(soldOut.length).toBeGreaterThan(0);
      expect(
        (await everyPage({})).tools
          .slice(-soldOut.length)
          .every((tool) => soldOut.some((s) => s._id === tool._id)),
      ).toBe(true);
    });

    it("matches every word, the last one as a prefix, in any case", async () => {
      const names = async (q: string, extra: Record<string, string> = {}) =>
        (await everyPage({ q, ...extra })).tools.map((tool) => tool.name);
      expect(await names("ratch")).toHaveLength(32);
      expect(new Set(await names("RATCHET alp"))).toEqual(new Set(["Ratchet Alpha"]));
      // Only the last word is a prefix: "alp" alone is not a word of any tool.
      expect(await names("alp ratchet")).toEqual([]);
      expect(await names("ratchet alpha", { category: "electrical" })).toHaveLength(
        ratchets.filter((r) => r.name === "Ratchet Alpha" && r.category === "electrical").length,
      );
      expect(await names("ratchet alpha", { category: "mechanical" })).toHaveLength(
        ratchets.filter((r) => r.name === "Ratchet Alpha" && r.category !== "electrical").length,
      );
      // Part numbers and hyphenated words, typed whole or in part.
      expect(await names("rx105")).toEqual(["Ratchet Beta"]);
      expect(await names("pliers chrome-van")).toEqual(["Pliers"]);
      expect(await names("0.5 mm/m")).toEqual(["Level"]);
      expect(await names("ratchet drill")).toEqual([]);
      // A search of no words at all is no search.
      expect((await page({ q: "  ?! " })).total).toBe(40);
    });

    it("answers 200, never 500, to search text full of tsquery syntax", async () => {
      const hostile = [
        "'&|!():*\\",
        "ratchet & !alpha",
        "ratchet | pliers",
        "ratch:*",
        "a:*B",
        "'",
        "\\'",
        "ratchet <-> alpha",
        "(((",
        "!",
        "ratchet !",
        "ratchet'",
        "it''s",
        "²",
        "日本語",
        "%_",
        "x".repeat(100),
      ];
      for (const q of hostile) {
        const response = await search({ q });
        expect(response.statusCode, `${q}: ${response.body}`).toBe(200);
      }
      // Control characters are refused by the schema, before any SQL.
      for (const q of ["ratchet\u0000", "a\nb"]) expect((await search({ q })).statusCode).toBe(400);
      expect((await page({ q: "ratchet & !alpha" })).total).toBe(8);
      expect((await page({ q: "ratchet'" })).total).toBe(32);
    });

    it("refuses a forged cursor, another sort's cursor, and bad parameters with a sentence", async () => {
      const { nextCursor } = await page({ sort: "price", limit: 5 });
      const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
      const uuid = all[0]?._id;
      const cases: [Record<string, string | number>, string][] = [
        [{ sort: "name", cursor: nextCursor ?? "" }, CURSOR_OTHER_SORT],
        [{ cursor: nextCursor ?? "" }, CURSOR_OTHER_SORT],
        [{ cursor: "not a cursor!" }, CURSOR_NOT_OURS],
        [{ cursor: Buffer.from("{nope").toString("base64url") }, CURSOR_NOT_OURS],
        [{ cursor: b64({ sort: "featured" }) }, CURSOR_NOT_OURS],
        [{ cursor: b64(["featured", "false", "mechanical", "Pliers", uuid]) }, CURSOR_NOT_OURS],
        [
          { cursor: b64(["featured", false, "tools'; drop table tools; --", "Pliers", uuid]) },
          CURSOR_NOT_OURS,
        ],
        [{ cursor: b64(["featured", false, "mechanical", "Pliers", uuid]) }, CURSOR_NOT_OURS],
        [{ cursor: b64(["featured", false, uuid, "Pliers", "1 or 1=1"]) }, CURSOR_NOT_OURS],
        [{ cursor: b64(["featured", false, uuid, uuid]) }, CURSOR_NOT_OURS],
        [{ sort: "price", cursor: b64(["price", "1000", uuid]) }, CURSOR_NOT_OURS],
        [{ sort: "price", cursor: b64(["price", 1e300, uuid]) }, CURSOR_NOT_OURS],
        [{ sort: "newest", cursor: b64(["newest", "2026-02-31T00:00:00.000000", uuid]) }, CURSOR_NOT_OURS],
        [{ sort: "newest", cursor: b64(["newest", "yesterday", uuid]) }, CURSOR_NOT_OURS],
        [{ cursor: "A".repeat(1001) }, CURSOR_NOT_OURS],
        [{ limit: 0 }, "The limit must be between 1 and 100"],
        [{ limit: 101 }, "The limit must be between 1 and 100"],
        [{ limit: "ten" }, "The limit must be a number"],
        [{ limit: 1.5 }, "The limit must be a whole number"],
        [{ sort: "PRICE" }, "The sort must be featured, price, price-desc, name or newest"],
        // A category is a slug of the tree now (decision 0055): any case is read as lower case, and a
        // slug no category has is refused by name.
        [{ category: "Electrical Tools" }, "The category must be the slug of a category, such as electrical"],
        [{ category: "saws" }, "There is no category with the slug saws."],
        [{ q: "x".repeat(101) }, "The search must be at most 100 characters"],
      ];
      for (const [query, message] of cases) {
        const response = await search(query);
        expect(response.statusCode, `${JSON.stringify(query)}: ${response.body}`).toBe(400);
        expect(apiErrorSchema.parse(response.json()).message).toContain(message);
      }
    });

    it("is its own route, not a tool id, and its first page follows the catalogue's writes", async () => {
      const first = await page({ category: "mechanical", sort: "newest", limit: 3 });
      const [added] = await t.database.db
        .insert(tools)
        .values({
          name: "Torque Wrench",
          short: "A torque wrench.",
          image: "/images/tools/pliers.svg",
          priceCents: 5000,
          minQuantity: 1,
          availableQuantity: 10,
          categoryId: categoryIdOf("mechanical"),
          sku: "TW-100",
        })
        .returning({ id: tools.id });
      // Writes through the database directly do not publish ToolChanged: the admin routes do (see
      // tools-admin.test.ts). Here the cache is dropped the way every write's event drops it.
      await t.app.events.publish({ type: "ToolChanged", toolId: added?.id ?? "", change: "created" });
      const after = await page({ category: "mechanical", sort: "newest", limit: 3 });
      expect(after.tools[0]?.name).toBe("Torque Wrench");
      expect(after.total).toBe(first.total + 1);
      expect((await page({ q: "torque wre" })).tools.map((tool) => tool._id)).toEqual([added?.id]);
    });

    it("keeps a search's total until a tool changes", async () => {
      const before = await page({ q: "socket ratchet", category: "electrical" });
      const newRatchet = {
        name: "Ratchet Omega",
        short: "A socket ratchet for the test of totals.",
        image: "/images/tools/pliers.svg",
        priceCents: 1500,
        minQuantity: 1,
        availableQuantity: 10,
        categoryId: categoryIdOf("electrical"),
        sku: "RO-1",
      };
      const [added] = await t.database.db.insert(tools).values(newRatchet).returning({ id: tools.id });
      // Written behind the app's back: the kept total still counts the tools it counted...
      expect((await page({ q: "socket ratchet", category: "electrical" })).total).toBe(before.total);
      // ...until the tool's own event, which brings the new one in, on this search and on the other spellings.
      await t.app.events.publish({ type: "ToolChanged", toolId: added?.id ?? "", change: "created" });
      const after = await page({ q: "socket ratchet", category: "electrical" });
      expect(after.total).toBe(before.total + 1);
      expect(after.tools.map((tool) => tool.name)).toContain("Ratchet Omega");
      expect((await page({ q: "  socket   ratchet ", category: "electrical" })).total).toBe(after.total);
      expect((await page({ q: "socket ratchet" })).total).toBeGreaterThan(after.total);
    });
  });
}

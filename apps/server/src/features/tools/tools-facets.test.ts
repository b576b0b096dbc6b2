// Facets (issue 58, decision 0061) against a hand-made fixture: five tools with known values, each facet
// counted over the tools matching every other filter, and the filters' refusals.
import { testDatabaseTargets } from "@toolshop/db/test-support";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, type SignedInCustomer, signedInCustomer } from "../../testing/api-client";
import { addTool } from "../../testing/fixtures";
import { createTestApp, type TestApp } from "../../testing/test-app";

interface Facet {
  key: string;
  values: { value: string; count: number }[];
  min: number | null;
  max: number | null;
  count: number;
}

for (const target of testDatabaseTargets()) {
  describe.skipIf(target.skip)(`the search's facets ${target.title}`, () => {
    let t: TestApp;
    let admin: SignedInCustomer;
    const names: Record<string, string> = {};
    beforeAll(async () => {
      t = await createTestApp(target.options);
      admin = await signedInCustomer(t, { role: "admin" });
      for (const body of [
        { key: "voltage", name: "Voltage", kind: "number", unit: "V", categories: ["electrical"] },
        { key: "insulation", name: "Insulation", kind: "choice", choices: ["1000 V", "None"] },
        { key: "cordless", name: "Cordless", kind: "boolean", categories: ["electrical"] },
        { key: "grip", name: "Grip", kind: "text" },
        { key: "jaw", name: "Jaw", kind: "choice", choices: ["Flat"], categories: ["mechanical"] },
      ]) {
        const created = await call(t.app, admin, "POST", "/api/attributes", body);
        expect(created.statusCode, created.body).toBe(201);
      }
      // Named Zqfacet so that a search for it finds these five tools and no seeded one.
      const fixture = [
        { name: "A", priceCents: 1000, values: { voltage: 12, insulation: "1000 V", cordless: true } },
        { name: "B", priceCents: 2000, values: { voltage: 18, insulation: "1000 V", cordless: false } },
        {
          name: "C",
          priceCents: 3000,
          soldOut: true,
          values: { voltage: 18, insulation: "None", cordless: true },
        },
        { name: "D", priceCents: 4000, values: { voltage: 24, insulation: "None", cordless: true } },
        { name: "E", priceCents: 500, values: {} },
      ];
      for (const tool of fixture) {
        const row = await addTool(t.database.db, {
          category: "electrical",
          name: `Zqfacet ${tool.name}`,
          priceCents: tool.priceCents,
          availableQuantity: tool.soldOut ? 0 : 100,
        });
        names[row.id] = tool.name;
        const values = Object.entries(tool.values).map(([key, value]) => ({ key, value }));
        const set = await call(t.app, admin, "PUT", `/api/tools/${row.id}/attributes`, { values });
        expect(set.statusCode, set.body).toBe(200);
      }
    }, 120_000);
    afterAll(async () => {
      await t?.close();
    });

    const search = (query: string) =>
      t.app.inject({ method: "GET", url: `/api/tools/search?q=zqfacet&category=electrical&${query}` });
    async function found(query: string) {
      const answer = await search(query);
      expect(answer.statusCode, answer.body).toBe(200);
      const body = answer.json();
      const facet = (key: string): Facet => body.facets.attributes.find((f: Facet) => f.key === key);
      const counts = (key: string) => Object.fromEntries(facet(key).values.map((v) => [v.value, v.count]));
      return {
        tools: body.tools.map((tool: { _id: string }) => names[tool._id]).sort(),
        total: body.total,
        keys: body.facets.attributes.map((f: Facet) => f.key),
        facet,
        counts,
        price: body.facets.price,
        inStock: body.facets.inStockCount,
      };
    }

    it("counts every value, range, price and stock of the category's tools when nothing is chosen", async () => {
      const all = await found("");
      expect([all.tools, all.total]).toEqual([["A", "B", "C", "D", "E"], 5]);
      // In the attributes' order; jaw belongs to the mechanical tools only.
      expect(all.keys).toEqual(["voltage", "insulation", "cordless", "grip"]);
      expect(all.counts("insulation")).toEqual({ "1000 V": 2, None: 2 });
      expect(all.counts("cordless")).toEqual({ true: 3, false: 1 });
      expect(all.facet("voltage")).toMatchObject({ min: 12, max: 24, count: 4, values: [] });
      expect(all.facet("grip")).toMatchObject({ values: [], count: 0 });
      expect([all.price, all.inStock]).toEqual([{ minCents: 500, maxCents: 4000 }, 4]);
    });

    it("counts each facet over the other filters, so a choice changes the others' counts and not its own", async () => {
      const none = await found("attr.insulation=None");
      expect([none.tools, none.total]).toEqual([["C", "D"], 2]);
      expect(none.counts("insulation")).toEqual({ "1000 V": 2, None: 2 });
      expect(none.counts("cordless")).toEqual({ true: 2, false: 0 });
      expect(none.facet("voltage")).toMatchObject({ min: 18, max: 24, count: 2 });
      expect([none.price, none.inStock]).toEqual([{ minCents: 3000, maxCents: 4000 }, 1]);

      const twoAttributes = await found("attr.insulation=None&attr.cordless=true");
      expect(twoAttributes.tools).toEqual(["C", "D"]);
      expect(twoAttributes.counts("insulation")).toEqual({ "1000 V": 1, None: 2 });
      expect(twoAttributes.counts("cordless")).toEqual({ true: 2, false: 0 });

      const anyOf = await found("attr.insulation=None&attr.insulation=1000%20V&attr.cordless=false");
      expect([anyOf.tools, anyOf.counts("insulation")]).toEqual([["B"], { "1000 V": 1, None: 0 }]);

      const rangeInStock = await found("attr.voltage.min=15&inStock=true");
      expect(rangeInStock.tools).toEqual(["B", "D"]);
      expect(rangeInStock.facet("voltage")).toMatchObject({ min: 12, max: 24, count: 3 });
      expect(rangeInStock.inStock).toBe(2);
      expect(rangeInStock.counts("insulation")).toEqual({ "1000 V": 1, None: 1 });

      // The price's range is over the other filters: the tools of at most 12 V, A alone.
      const cheap = await found("priceMaxCents=2500&attr.voltage.max=12");
      expect([cheap.tools, cheap.price]).toEqual([["A"], { minCents: 1000, maxCents: 1000 }]);
      const cheapOnly = await found("priceMaxCents=2500");
      expect([cheapOnly.tools, cheapOnly.price]).toEqual([
        ["A", "B", "E"],
        { minCents: 500, maxCents: 4000 },
      ]);
      // A choice in another spelling of its case is the same choice, as a value is taken in any case.
      const otherCase = await found("attr.insulation=none");
      expect([otherCase.tools, otherCase.counts("cordless")]).toEqual([["C", "D"], { true: 2, false: 0 }]);
      const hostile = await found(`attr.grip=${encodeURIComponent("x' or 1=1 --")}`);
      expect([hostile.tools, hostile.total]).toEqual([[], 0]);
    });

    it("pages a filtered search with the same total on every page", async () => {
      const first = (await search("attr.cordless=true&limit=2")).json();
      expect([first.tools.length, first.total]).toEqual([2, 3]);
      const second = (await search(`attr.cordless=true&limit=2&cursor=${first.nextCursor}`)).json();
      expect([second.tools.length, second.total, second.nextCursor]).toEqual([1, 3, null]);
      // The facets come with the first page only: they hold for every page, so they are not counted again.
      expect([first.facets === null, second.facets]).toEqual([false, null]);
    });

    it("refuses an unknown key, a value of the wrong kind and hostile or huge filters with one sentence", async () => {
      const refused = async (query: string) => {
        const answer = await search(query);
        expect(answer.statusCode, answer.body).toBe(400);
        return answer.json().message;
      };
      expect(await refused("attr.nope=x")).toBe("There is no attribute with the key nope.");
      expect(await refused("attr.voltage=abc")).toContain("Voltage is a number");
      expect(await refused("attr.insulation.min=3")).toContain("Insulation is not a number");
      expect(await refused("attr.cordless=maybe")).toContain("Cordless is yes or no");
      expect(await refused("attr.voltage.min=1e400")).toContain("must be numbers");
      expect(await refused("attr.voltage.min=ten")).toContain("must be numbers");
      expect(await refused("attr.Bad%20Key=x")).toContain("is not an attribute filter");
      expect(await refused(`attr.grip=${"x".repeat(201)}`)).toContain("at most 200 characters");
      expect(await refused(Array.from({ length: 21 }, (_, i) => `attr.grip=v${i}`).join("&"))).toContain(
        "At most 20 values",
      );
      expect(await refused(Array.from({ length: 21 }, (_, i) => `attr.k${i}=v`).join("&"))).toContain(
        "At most 20 attributes",
      );
      expect(await refused("priceMinCents=-1")).toContain("at least 0");
      expect(await refused("inStock=yes")).toContain("inStock must be true or false");
    });

    it("updates the cached category page's facets when a tool's values change", async () => {
      const page = async () =>
        (await t.app.inject({ method: "GET", url: "/api/tools/search?category=electrical" })).json().facets;
      const before = (await page()).attributes.find((f: Facet) => f.key === "grip");
      expect(before.count).toBe(0);
      const [toolId] = Object.keys(names);
      await call(t.app, admin, "PUT", `/api/tools/${toolId}/attributes`, {
        values: [{ key: "grip", value: "Rubber" }],
      });
      const after = (await page()).attributes.find((f: Facet) => f.key === "grip");
      expect(after).toMatchObject({ count: 1, values: [{ value: "Rubber", count: 1 }] });
    });
  });
}

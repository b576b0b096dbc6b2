// /tools?category=<slug> rendered by the server (issue 58, decision 0055): the category's tools with
// its sub-categories', the filter's tree, the breadcrumbs and the head, before any script runs.
import { testDatabaseTargets } from "@toolshop/db/test-support";
import { categoryTreeSchema } from "@toolshop/shared/categories";
import type { Tool } from "@toolshop/shared/tools";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, type SignedInCustomer, signedInCustomer } from "../../testing/api-client";
import { postProduct, uploadPicture } from "../../testing/products";
import { createTestApp, type TestApp } from "../../testing/test-app";

const SHELL = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Toolshop</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

/** The card links of the rendered list: each tool's name. */
const cardNames = (html: string) =>
  [...html.matchAll(/<a [^>]*href="\/tools\/[0-9a-f-]{36}"[^>]*>([^<]+)<\/a>/g)].map((match) => match[1]);

for (const target of testDatabaseTargets()) {
  describe.skipIf(target.skip)(`the tools page rendered by the server ${target.title}`, () => {
    let t: TestApp;
    let admin: SignedInCustomer;
    let drill: Tool;
    beforeAll(async () => {
      t = await createTestApp(target.options, {
        webBuild: { "app-shell.html": SHELL, "index.html": SHELL },
        env: { CURRENCY: "usd", PUBLIC_URL: "https://shop.example" },
      });
      admin = await signedInCustomer(t, { role: "admin" });
      const image = await uploadPicture(t, admin);
      const tree = categoryTreeSchema.parse(
        (await t.app.inject({ method: "GET", url: "/api/categories" })).json(),
      );
      const electrical = tree.categories.find((category) => category.slug === "electrical")?._id;
      const added = await call(t.app, admin, "POST", "/api/categories", {
        name: "Drills",
        slug: "drills",
        parentId: electrical,
      });
      expect(added.statusCode, added.body).toBe(201);
      const product = (name: string, category: string) =>
        postProduct(t, admin, {
          name,
          short: "Made to last.",
          minQuantity: 1,
          availableQuantity: 5,
          price: 10,
          image,
          category,
        });
      drill = await product("Hammer Drill", "drills");
      await product("Wire Stripper", "electrical");
      await product("Claw Hammer", "mechanical");
    });
    afterAll(async () => {
      await t?.close();
    });

    const get = (url: string) => t.app.inject({ method: "GET", url });

    it("shows a root's tools with its sub-categories', its crumbs, its sub-categories to choose, and its head", async () => {
      // Anything else in the address is no filter: the category's page, as kept.
      const response = await get("/tools?category=electrical&utm_source=mail");
      expect(response.statusCode).toBe(200);
      const html = response.body;
      expect(html).toContain('data-server-rendered="/tools?category=electrical"');
      expect(cardNames(html).sort()).toEqual(["Hammer Drill", "Wire Stripper"]);
      expect(html).toMatch(/<h1[^>]*>Electrical<\/h1>/);
      expect(html).toMatch(
        /<nav aria-label="Breadcrumb"[^>]*>.*Home.*Tools.*aria-current="page"[^>]*>Electrical</s,
      );
      // The filter: the roots, and the chosen one's sub-categories.
      expect(html).toMatch(
        /<ul aria-label="Sub-categories of Electrical"[^>]*>.*href="\/tools\?category=drills"[^>]*>Drills</s,
      );
      expect(html).toContain("<title>Electrical tools | Toolshop</title>");
      expect(html).toContain(
        '<link rel="canonical" href="https://shop.example/tools?category=electrical" />',
      );
      expect(html).toContain('"@type":"BreadcrumbList"');
    });

    it("renders the words and the filters of the address too, with the filter form that asks for them", async () => {
      const created = await call(t.app, admin, "POST", "/api/attributes", {
        key: "zqpower",
        name: "Power",
        kind: "choice",
        choices: ["Corded", "Cordless"],
        categories: ["electrical"],
      });
      expect(created.statusCode, created.body).toBe(201);
      const set = await call(t.app, admin, "PUT", `/api/tools/${drill._id}/attributes`, {
        values: [{ key: "zqpower", value: "Cordless" }],
      });
      expect(set.statusCode, set.body).toBe(200);

      const words = await get("/tools?category=electrical&q=stripper");
      expect(cardNames(words.body)).toEqual(["Wire Stripper"]);
      expect(words.body).toContain('data-server-rendered="/tools?category=electrical&amp;q=stripper"');
      const filtered = (await get("/tools?category=electrical&attr.zqpower=cordless&priceMax=")).body;
      expect(cardNames(filtered)).toEqual(["Hammer Drill"]);
      const form = /<form aria-label="Filters"[^>]* action="\/tools" method="get">.*?<\/form>/s.exec(
        filtered,
      )?.[0];
      expect(form).toContain('<input type="hidden" name="category" value="electrical"/>');
      expect(form).toMatch(/<legend[^>]*>Power<\/legend>/);
      expect(form).toMatch(/name="attr.zqpower" checked="" value="Cordless"/);
      // Corded counts over the other filters: no tool has it.
      expect(form).toMatch(/Corded<\/span><span aria-hidden="true"[^>]*>0</);
      // A filter the search refuses: the page without its list, which the browser asks for (and shows the 400).
      const refused = await get("/tools?category=electrical&attr.nope=1");
      expect(refused.statusCode).toBe(200);
      expect(cardNames(refused.body)).toEqual([]);
    });

    it("renders the comparison of tools, and says what is wrong with a list it cannot show", async () => {
      const page = await get(`/compare?ids=${drill._id}`);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain("<title>Compare tools | Toolshop</title>");
      expect(page.body).toMatch(/<th scope="col"[^>]*>.*Hammer Drill<\/a>/s);
      expect(page.body).toMatch(/<th scope="row"[^>]*>Power.*<td[^>]*>Cordless<\/td>/s);
      const bad = await get("/compare?ids=drill");
      expect(bad.statusCode).toBe(400);
      expect(bad.body).toContain("drill is not a tool id.");
      const unknown = await get("/compare?ids=00000000-0000-4000-8000-00000000abcd");
      expect(unknown.statusCode).toBe(404);
    });

    it("shows a sub-category's tools alone, the whole catalogue without a category, and 404 for a slug no one has", async () => {
      expect(cardNames((await get("/tools?category=drills")).body)).toEqual(["Hammer Drill"]);
      const all = await get("/tools");
      expect(cardNames(all.body).sort()).toEqual(["Claw Hammer", "Hammer Drill", "Wire Stripper"]);
      expect(all.body).toContain("<title>Tools | Toolshop</title>");
      for (const url of ["/tools?category=saws", "/tools?category=Not%20a%20slug"]) {
        const missing = await get(url);
        expect(missing.statusCode, url).toBe(404);
        expect(missing.body, url).toContain("There is no category");
        expect(missing.body, url).toContain('<meta name="robots" content="noindex" />');
      }
    });

    it("follows a category's rename and move at once, on its page and its tools' pages", async () => {
      expect((await get("/tools?category=drills")).body).toMatch(/aria-current="page"[^>]*>Drills</);
      expect((await get(`/tools/${drill._id}`)).body).toContain('href="/tools?category=electrical"');
      const tree = categoryTreeSchema.parse(
        (await t.app.inject({ method: "GET", url: "/api/categories" })).json(),
      );
      const id = (slug: string) => tree.categories.find((category) => category.slug === slug)?._id;
      const moved = await call(t.app, admin, "PATCH", `/api/categories/${id("drills")}`, {
        name: "Power Drills",
        parentId: id("mechanical"),
      });
      expect(moved.statusCode, moved.body).toBe(200);
      const page = (await get("/tools?category=drills")).body;
      expect(page).toMatch(/aria-current="page"[^>]*>Power Drills</);
      expect(cardNames((await get("/tools?category=electrical")).body)).toEqual(["Wire Stripper"]);
      const product = (await get(`/tools/${drill._id}`)).body;
      expect(product).toContain('href="/tools?category=mechanical"');
      expect(product).not.toContain('href="/tools?category=electrical"');
      const sitemap = (await get("/sitemap.xml")).body;
      expect(sitemap).toContain("<loc>https://shop.example/tools?category=drills</loc>");
    });
  });
}

import { testDatabaseTargets } from "@toolshop/db/test-support";
import type { Tool } from "@toolshop/shared/tools";
import { renderServerPage } from "@toolshop/web/server-render";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, type SignedInCustomer, signedInCustomer } from "../../testing/api-client";
import { postProduct, uploadPicture } from "../../testing/products";
import { createTestApp, type TestApp } from "../../testing/test-app";

// The web build's documents as the real build makes them: an empty #root for the server to fill.
const SHELL = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Toolshop</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body>
    <div id="root"></div>
    <noscript>Toolshop needs JavaScript to show its catalogue.</noscript>
  </body>
</html>
`;

/** The rendered #root of a page (everything from it to the end of the body). */
function rootOf(html: string): string {
  const start = html.indexOf('<div id="root"');
  return html.slice(start, html.lastIndexOf("</body>")).trim();
}

function serverQueries(html: string): { queryKey: unknown[]; state: { data: unknown } }[] {
  const block = /<script type="application\/json" id="server-queries">([\s\S]*?)<\/script>/.exec(html)?.[1];
  return (JSON.parse(block ?? "null") as { queries: { queryKey: unknown[]; state: { data: unknown } }[] })
    .queries;
}

for (const target of testDatabaseTargets()) {
  describe.skipIf(target.skip)(`the home page rendered by the server with React ${target.title}`, () => {
    let t: TestApp;
    let admin: SignedInCustomer;
    let image: string;
    beforeAll(async () => {
      t = await createTestApp(target.options, {
        webBuild: { "app-shell.html": SHELL, "index.html": SHELL },
        env: { CURRENCY: "usd" },
      });
      admin = await signedInCustomer(t, { role: "admin" });
      image = await uploadPicture(t, admin);
    });
    afterAll(async () => {
      await t?.close();
    });

    const addProduct = (name: string): Promise<Tool> =>
      postProduct(t, admin, {
        name,
        short: "Made to last.",
        minQuantity: 10,
        availableQuantity: 500,
        price: 12.5,
        image,
        category: "mechanical",
      });
    const get = (url: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: "GET", url, headers });

    it("holds the tools' cards with links to their pages, and the reviews, before any script runs", async () => {
      const tool = await addProduct("Aardvark Pliers");
      const customer = await signedInCustomer(t);
      const review = { review: 4, comment: "Sturdy & sharp <b>pliers</b>." };
      const posted = await call(t.app, customer, "POST", "/api/review", review);
      expect(posted.statusCode, posted.body).toBe(201);

      const response = await get("/");
      expect(response.statusCode).toBe(200);
      expect(response.headers["cache-control"]).toBe("no-cache");
      const html = response.body;
      expect(html).toContain('<div id="root" data-server-rendered="/">');
      // A crawler follows the card's link to the tool's page.
      expect(html).toMatch(new RegExp(`<a [^>]*href="/tools/${tool._id}"[^>]*>Aardvark Pliers</a>`));
      expect(html).toContain("$12.50");
      expect(html).not.toContain('aria-label="Loading tools"');
      // The review, escaped, in the "Our Review" section.
      expect(html).toContain("Sturdy &amp; sharp &lt;b&gt;pliers&lt;/b&gt;.");
      expect(html).not.toContain('aria-label="Loading reviews"');
      expect(html).not.toContain("<noscript>");
      // The head of `/` (storefront/page-head.ts), not the shell's title.
      expect(html.match(/<title>/g)).toHaveLength(1);
      expect(html).toContain("<title>Electrical and mechanical hand tools | Toolshop</title>");
    });

    it("changes when a tool changes: a new body and ETag, and the old ETag no longer answers 304", async () => {
      const tool = await addProduct("Aaron's Awl");
      const before = await get("/");
      const etag = String(before.headers.etag);
      expect((await get("/", { "if-none-match": etag })).statusCode).toBe(304);

      const { _id, ...values } = tool;
      const edit = { ...values, name: "Aaron's Better Awl", price: 99, previousAvailableQuantity: 500 };
      expect((await call(t.app, admin, "PATCH", `/api/tools/${tool._id}`, edit)).statusCode).toBe(200);

      const after = await get("/", { "if-none-match": etag });
      expect(after.statusCode).toBe(200);
      expect(after.headers.etag).not.toBe(etag);
      expect(after.body).toContain("Aaron&#x27;s Better Awl");
      expect(after.body).toContain("$99.00");
      // The product page follows the edit too.
      expect((await get(`/tools/${tool._id}`)).body).toContain("$99.00");
    });

    it("sends React's rendering of a product page as it is: no second template of its markup", async () => {
      const tool = await addProduct("Aardwolf Level");
      const html = (await get(`/tools/${tool._id}`)).body;
      const data = (key: unknown[]) =>
        serverQueries(html).find((query) => JSON.stringify(query.queryKey) === JSON.stringify(key))?.state
          .data;
      const rendered = await renderServerPage(
        `/tools/${tool._id}`,
        {
          kind: "tool",
          toolId: tool._id,
          tool: data(["tools", "detail", tool._id]) as Tool,
          reviews: data(["reviews", "tool", tool._id]) as never,
        },
        "usd",
      );
      expect(rootOf(html)).toBe(rootOf(`${rendered}</body>`));
      expect(rootOf(html)).toContain("Aardwolf Level");
    });
  });
}

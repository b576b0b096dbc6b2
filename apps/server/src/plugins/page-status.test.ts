import { testDatabaseTargets } from "@toolshop/db/test-support";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addTool } from "../testing/fixtures";
import { createTestApp, type TestApp } from "../testing/test-app";

// Issue 51, finding 10: every page path used to answer 200 with the shell (the home page's title), so a
// mistyped address was a "soft 404" to search engines. The server knows the app's pages from
// @toolshop/shared/page-paths, the list the web's route table takes its paths from.
const SHELL = `<!doctype html>
<html lang="en">
  <head>
    <title>Toolshop | Electrical and mechanical hand tools</title>
  </head>
  <body><div id="root"></div></body>
</html>
`;

for (const target of testDatabaseTargets()) {
  describe.skipIf(target.skip)(`the status of a page path ${target.title}`, () => {
    let t: TestApp;
    let toolId: string;
    beforeAll(async () => {
      t = await createTestApp(target.options, {
        webBuild: {
          "app-shell.html": SHELL,
          "index.html": SHELL.replace('id="root"', 'id="root" data-prerendered-path="/"'),
        },
      });
      toolId = (await addTool(t.database.db)).id;
    });
    afterAll(async () => {
      await t?.close();
    });

    const get = (url: string) => t.app.inject({ method: "GET", url });

    it("answers 200 at every page of the app, with ids and queries, and nothing says noindex", async () => {
      const pages = [
        "/",
        "/blogs",
        "/blogs/",
        "/Blogs",
        "/myportfolio",
        "/login?next=%2Fdashboard",
        "/loading",
        "/auth/popup-complete",
        `/tools/${toolId}`,
        // The tools page of the catalogue and of a category (issue 58), with whatever else the address holds.
        "/tools",
        "/tools?category=electrical&q=drill",
        "/checkout/any-id",
        "/dashboard",
        "/dashboard/myreview",
        "/dashboard/payment/some-order",
        "/dashboard/orders/some-order",
        "/dashboard/manageorders",
        "/dashboard/quote-requests",
        "/dashboard/quotes",
        // The offer mail's link, opened cold (issue 49).
        "/dashboard/quotes/some-quote",
        "/cart",
        "/checkout",
      ];
      for (const url of pages) {
        const response = await get(url);
        expect(response.statusCode, url).toBe(200);
        expect(response.headers["content-type"], url).toMatch(/^text\/html/);
        expect(response.body, url).not.toContain("noindex");
      }
    });

    it("answers 404 with the app shell (its not-found page), titled so and not to be indexed, anywhere else", async () => {
      for (const url of [
        "/no-such-page",
        "/dashboard/no-such-page",
        "/blogs/2026",
        "/checkout/a/b",
        "/tools/a/b",
      ]) {
        const response = await get(url);
        expect(response.statusCode, url).toBe(404);
        expect(response.headers["content-type"], url).toMatch(/^text\/html/);
        expect(response.body, url).toContain('<meta name="robots" content="noindex" />');
        expect(response.body, url).toContain("<title>Page not found | Toolshop</title>");
        expect(response.body, url).toContain('<div id="root"></div>');
      }
      // A tool that does not exist has been a 404 since the product pages (storefront/), and a category
      // no one has since the tools page.
      expect((await get("/tools/00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
      const noCategory = await get("/tools?category=saws");
      expect(noCategory.statusCode).toBe(404);
      expect(noCategory.body).toContain('<meta name="robots" content="noindex" />');
    });
  });
}

// A search for exactly a part number opens its tool's page (issue 58): the server answers the list's
// GET /?q= and /tools?q= with a 303 to the product page, as the search box's form sends it before the
// app has hydrated or without scripts. Words, a SKU among words and a SKU no tool has list as before.
import { testDatabaseTargets } from "@toolshop/db/test-support";
import type { Tool } from "@toolshop/shared/tools";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SignedInCustomer, signedInCustomer } from "../../testing/api-client";
import { postProduct, uploadPicture } from "../../testing/products";
import { createTestApp, type TestApp } from "../../testing/test-app";

const SHELL = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Toolshop</title>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

for (const target of testDatabaseTargets()) {
  describe.skipIf(target.skip)(`a search for a part number on the server's pages ${target.title}`, () => {
    let t: TestApp;
    let admin: SignedInCustomer;
    let drill: Tool;
    let pliers: Tool;
    beforeAll(async () => {
      t = await createTestApp(target.options, {
        webBuild: { "app-shell.html": SHELL, "index.html": SHELL },
        env: { CURRENCY: "usd" },
      });
      admin = await signedInCustomer(t, { role: "admin" });
      const image = await uploadPicture(t, admin);
      const product = (name: string, sku: string) =>
        postProduct(t, admin, {
          sku,
          name,
          short: "Made to last.",
          minQuantity: 1,
          availableQuantity: 5,
          price: 10,
          image,
        });
      drill = await product("Hammer Drill", "DRL-204.B/2");
      pliers = await product("Combination Pliers", "PL-180");
    });
    afterAll(async () => {
      await t?.close();
    });

    const get = (url: string) => t.app.inject({ method: "GET", url });

    it("answers exactly a SKU, in any case and with spaces around it, with a 303 to its tool's page", async () => {
      for (const [url, tool] of [
        [`/?q=${encodeURIComponent("DRL-204.B/2")}`, drill],
        [`/?q=${encodeURIComponent("  drl-204.b/2 ")}`, drill],
        ["/tools?q=pl-180", pliers],
        ["/tools?category=electrical&q=PL-180&sort=price", pliers],
        ["/?q=Pl-180", pliers],
      ] as const) {
        const response = await get(url);
        expect(response.statusCode, url).toBe(303);
        expect(response.headers.location, url).toBe(`/tools/${tool._id}`);
      }
    });

    it("lists as before for words, a SKU among words, a SKU no tool has and several q", async () => {
      for (const url of [
        "/?q=pliers",
        "/?q=PL-180%20pliers",
        "/?q=PL-18",
        "/?q=NO-SUCH-1",
        "/?q=PL-180&q=DRL-1",
        "/?q=",
        "/tools?q=PL-180x",
        "/tools?q=Hammer%20Drill",
      ]) {
        const response = await get(url);
        expect(response.statusCode, url).toBe(200);
        expect(response.headers.location, url).toBeUndefined();
        expect(response.body, url).toContain('<div id="root"');
      }
    });

    it("never reflects a hostile q, nor sends the visitor anywhere it names", async () => {
      const hostile = [
        '"><script>alert(1)</script>',
        "//evil.example",
        "https://evil.example/PL-180",
        "PL-180\r\nSet-Cookie: a=b",
        "../../PL-180",
      ];
      for (const q of hostile) {
        for (const page of ["/", "/tools"]) {
          const url = `${page}?q=${encodeURIComponent(q)}`;
          const response = await get(url);
          expect(response.statusCode, url).toBe(200);
          expect(response.headers.location, url).toBeUndefined();
          expect(response.headers["set-cookie"], url).toBeUndefined();
          expect(response.body, url).not.toContain("<script>alert(1)</script>");
          // The tools page shows the words it searched for (escaped), but never as a place to go.
          expect(response.body, url).not.toMatch(/(href|src|action|content)="(https?:)?\/\/evil\.example/);
          if (page === "/") expect(response.body, url).not.toContain("evil.example");
        }
      }
    });
  });
}

// A cart link (/cart?add=<tool id>&quantity=<n>, decisions 0049 and 0050) changes nothing on the server
// and is vouched for only when the browser says it came from the shop's own pages: a cross-site
// navigation, a typed or mailed link and a browser without Sec-Fetch-Site get the page that asks the
// customer first (web: features/cart/use-url-addition.ts; e2e/cart-link.spec.ts in a browser).

import { testDatabaseTargets } from "@toolshop/db/test-support";
import { CART_LINK_META, cartLinkKey } from "@toolshop/shared/cart-link";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, type SignedInCustomer, signedInCustomer } from "../../testing/api-client";
import { addTool } from "../../testing/fixtures";
import { createTestApp, type TestApp } from "../../testing/test-app";

const SHELL =
  '<!doctype html><html><head><title>Toolshop</title></head><body><div id="root"></div></body></html>';
const VOUCH = `<meta name="${CART_LINK_META}"`;

for (const target of testDatabaseTargets()) {
  describe.skipIf(target.skip)(`a cart link ${target.title}`, () => {
    let t: TestApp;
    let customer: SignedInCustomer;
    let toolId: string;
    beforeAll(async () => {
      t = await createTestApp(target.options, { webBuild: { "app-shell.html": SHELL, "index.html": SHELL } });
      customer = await signedInCustomer(t);
      toolId = (await addTool(t.database.db, { priceCents: 1250, minQuantity: 1 })).id;
    }, 120_000);
    afterAll(async () => {
      await t?.close();
    });

    /** A browser's navigation to the link, with the customer's credentials as a page would hold them. */
    const navigate = (search: string, headers: Record<string, string>) =>
      call(t.app, customer, "GET", `/cart${search}`, undefined, { accept: "text/html", ...headers });
    const cartLines = async () => (await call(t.app, customer, "GET", "/api/cart")).json().lines;

    it("changes nothing on a cross-site navigation, and sends the page that asks first", async () => {
      const page = await navigate(`?add=${toolId}&quantity=3`, {
        "sec-fetch-site": "cross-site",
        "sec-fetch-mode": "navigate",
      });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<div id="root">');
      expect(page.body).not.toContain(VOUCH);
      expect(page.headers["cache-control"]).toBe("no-store");
      expect(page.headers.vary).toMatch(/sec-fetch-site/i);
      expect(await cartLines()).toEqual([]);
    });

    it("asks first without the header (an older browser), and for a typed or mailed link or a sibling site", async () => {
      const variants: Record<string, string>[] = [
        {},
        { "sec-fetch-site": "none" },
        { "sec-fetch-site": "same-site" },
      ];
      for (const headers of variants) {
        const page = await navigate(`?add=${toolId}&quantity=3`, headers);
        expect(page.statusCode, JSON.stringify(headers)).toBe(200);
        expect(page.body, JSON.stringify(headers)).not.toContain(VOUCH);
      }
      expect(await cartLines()).toEqual([]);
    });

    it("vouches for exactly the addition asked from the shop's own page, and still changes nothing itself", async () => {
      const page = await navigate(`?add=${toolId.toUpperCase()}&quantity=3`, {
        "sec-fetch-site": "same-origin",
      });
      expect(page.statusCode).toBe(200);
      const key = cartLinkKey({ toolId, quantity: 3 });
      expect(page.body).toContain(`${VOUCH} content="${key}" />`);
      expect(page.body.indexOf(VOUCH)).toBeLessThan(page.body.indexOf("</head>"));
      expect(page.headers["cache-control"]).toBe("no-store");
      expect(await cartLines()).toEqual([]);
    });

    it("sends /cart without an addition, or with one that is no tool id, as any page of the app", async () => {
      for (const search of ["", "?add=<script>&quantity=3", `?add=${toolId}&quantity=0`]) {
        const page = await navigate(search, { "sec-fetch-site": "same-origin" });
        expect(page.statusCode, search).toBe(200);
        expect(page.body, search).not.toContain(VOUCH);
        expect(page.body, search).not.toContain("<script>");
        expect(page.headers["cache-control"], search).toBe("no-cache");
      }
    });
  });
}

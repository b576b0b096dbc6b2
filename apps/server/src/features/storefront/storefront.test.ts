import { gunzipSync } from "node:zlib";
import { reviews, tools } from "@toolshop/db/schema";
import { testDatabaseTargets } from "@toolshop/db/test-support";
import { shopSchema, type Tool } from "@toolshop/shared/tools";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, type SignedInCustomer, signedInCustomer } from "../../testing/api-client";
import { insertOrders } from "../../testing/fixtures";
import { postProduct, uploadPicture } from "../../testing/products";
import { createTestApp, type TestApp } from "../../testing/test-app";

const PUBLIC_URL = "https://shop.example";
const HOSTILE = "</script><img src=x onerror=alert(1)>";

// A web build as the real one is made: the shell, and index.html (with the home page's preloads).
const SHELL = `<!doctype html>
<html lang="en" data-theme="toolshop">
  <head>
    <meta charset="UTF-8" />
    <title>Toolshop | Electrical and mechanical hand tools</title>
    <meta
      name="description"
      content="The shop's own description."
    />
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body>
    <div id="root"></div>
    <noscript>Toolshop needs JavaScript to show its catalogue.</noscript>
  </body>
</html>
`;
const INDEX = SHELL.replace(
  "</head>",
  '<link rel="modulepreload" href="/assets/home-page-abc.js">\n  </head>',
);

/** The query cache the page carries beside #root (apps/web/src/server-render.tsx), by query key. */
function serverQueries(html: string): Map<string, unknown> {
  const block = /<script type="application\/json" id="server-queries">([\s\S]*?)<\/script>/.exec(html)?.[1];
  const state = JSON.parse(block ?? "null") as { queries: { queryKey: unknown; state: { data: unknown } }[] };
  return new Map(state.queries.map((query) => [JSON.stringify(query.queryKey), query.state.data]));
}

for (const target of testDatabaseTargets()) {
  describe.skipIf(target.skip)(`product pages, sitemap and robots.txt ${target.title}`, () => {
    let t: TestApp;
    let admin: SignedInCustomer;
    let image: string;
    beforeAll(async () => {
      t = await createTestApp(target.options, {
        webBuild: { "app-shell.html": SHELL, "index.html": INDEX },
        env: { PUBLIC_URL: PUBLIC_URL, CURRENCY: "eur" },
      });
      admin = await signedInCustomer(t, { role: "admin" });
      image = await uploadPicture(t, admin);
    });
    afterAll(async () => {
      await t?.close();
    });

    function addProduct(values: Partial<Omit<Tool, "_id" | "image">> = {}): Promise<Tool> {
      const product = { name: "Cable Cutter", short: "Cuts cable up to 20 mm.", minQuantity: 10 };
      return postProduct(t, admin, { ...product, availableQuantity: 500, price: 24.5, image, ...values });
    }

    const get = (url: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: "GET", url, headers });

    function jsonLdOf(html: string) {
      const block = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1];
      return JSON.parse(block ?? "null");
    }

    it("answers a product page with its own head, JSON-LD and content in the site's layout", async () => {
      const tool = await addProduct({ name: "Cable Cutter", short: "Cuts copper and aluminium cable." });
      const response = await get(`/tools/${tool._id}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(response.headers["cache-control"]).toBe("no-cache");
      expect(response.headers["content-security-policy"]).toContain("script-src 'self'");
      const html = response.body;
      const url = `${PUBLIC_URL}/tools/${tool._id}`;

      expect(html.match(/<title>/g)).toHaveLength(1);
      expect(html).toContain("<title>Cable Cutter | Toolshop</title>");
      expect(html.match(/name="description"/g)).toHaveLength(1);
      expect(html).toContain('<meta name="description" content="Cuts copper and aluminium cable." />');
      expect(html).toContain(`<link rel="canonical" href="${url}" />`);
      expect(html).toContain('<meta property="og:type" content="product" />');
      expect(html).toContain('<meta property="og:title" content="Cable Cutter" />');
      expect(html).toContain(`<meta property="og:url" content="${url}" />`);
      expect(html).toContain(`<meta property="og:image" content="${PUBLIC_URL}${image}" />`);
      expect(jsonLdOf(html)).toMatchObject({
        "@type": "Product",
        name: "Cable Cutter",
        offers: {
          "@type": "Offer",
          price: 24.5,
          priceCurrency: "EUR",
          availability: "https://schema.org/InStock",
        },
      });

      // The content, rendered by the web app's components in its layout (navigation, footer).
      expect(html).toContain(
        '<h1 id="product-heading" class="text-3xl font-bold sm:text-4xl">Cable Cutter</h1>',
      );
      expect(html).toContain("€24.50");
      expect(html).toMatch(new RegExp(`href="/checkout/${tool._id}"[^>]*>Order now</a>`));
      expect(html).toContain('aria-label="Main"');
      expect(html).toContain("<footer");
      expect(html).not.toContain("Best Electrical Tool");
      expect(html).not.toContain("<noscript>");
      expect(html).toContain(`<div id="root" data-server-rendered="/tools/${tool._id}">`);
      // What the browser's query cache starts with, so that hydration renders the same.
      const queries = serverQueries(html);
      expect(queries.get(JSON.stringify(["tools", "detail", tool._id]))).toEqual(tool);
      expect(queries.get(JSON.stringify(["reviews", "tool", tool._id]))).toEqual({
        average: null,
        count: 0,
        reviews: [],
      });
    });

    it("escapes a hostile name everywhere: text, attributes and JSON-LD", async () => {
      const tool = await addProduct({ name: HOSTILE, short: `A "tool" & <b>more</b>` });
      const html = (await get(`/tools/${tool._id}`)).body;
      expect(html).not.toContain("<img src=x");
      expect(html).not.toContain("<b>");
      // The shell's module script, the two JSON-LD blocks (the product, its breadcrumbs) and the query
      // cache: nothing else closes a script.
      expect(html.match(/<\/script>/g)).toHaveLength(4);
      expect(html).toContain(`<title>&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt; | Toolshop</title>`);
      expect(html).toContain(`content="A &quot;tool&quot; &amp; &lt;b&gt;more&lt;/b&gt;"`);
      expect(jsonLdOf(html).name).toBe(HOSTILE);
    });

    it("shows a new price and stock as soon as the admin saves them", async () => {
      const tool = await addProduct({ name: "Fish Tape", minQuantity: 5, availableQuantity: 50 });
      expect((await get(`/tools/${tool._id}`)).body).toContain("€24.50");
      const { _id, ...values } = tool;
      const edit = {
        ...values,
        price: 30,
        minQuantity: 60,
        availableQuantity: 60,
        previousAvailableQuantity: 50,
      };
      expect((await call(t.app, admin, "PATCH", `/api/tools/${tool._id}`, edit)).statusCode).toBe(200);
      const html = (await get(`/tools/${tool._id}`)).body;
      expect(html).toContain("€30.00");
      expect(html).toMatch(/Only (<!-- -->)?60(<!-- -->)? left/);
    });

    it("says Sold out, OutOfStock, and offers no order link when the stock cannot cover a minimum order", async () => {
      const tool = await addProduct({ name: "Voltage Tester", minQuantity: 10 });
      // Orders took the stock (straight in the database: the admin cannot set it below the minimum).
      await t.database.db.update(tools).set({ availableQuantity: 3 }).where(eq(tools.id, tool._id));
      const html = (await get(`/tools/${tool._id}`)).body;
      expect(html).toContain(">Sold out<");
      expect(html).not.toContain("/checkout/");
      expect(jsonLdOf(html).offers.availability).toBe("https://schema.org/OutOfStock");
    });

    it("answers 304 to a matching If-None-Match, and compresses for clients that accept it", async () => {
      const tool = await addProduct({ name: "Level" });
      const first = await get(`/tools/${tool._id}`);
      const etag = String(first.headers.etag);
      expect((await get(`/tools/${tool._id}`, { "if-none-match": etag })).statusCode).toBe(304);
      const gzip = await get(`/tools/${tool._id}`, { "accept-encoding": "gzip, deflate" });
      expect(gzip.headers["content-encoding"]).toBe("gzip");
      expect(gzip.headers.vary).toContain("accept-encoding");
      expect(gzip.headers.etag).not.toBe(etag);
      expect(gunzipSync(gzip.rawPayload).toString("utf8")).toBe(first.body);
    });

    it("answers 404 with the not-found page for an unknown or malformed id", async () => {
      for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-uuid", "%3Cscript%3E"]) {
        const response = await get(`/tools/${id}`);
        expect(response.statusCode, id).toBe(404);
        expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
        expect(response.body).toContain("You are in the wrong place");
        expect(response.body).toContain('<meta name="robots" content="noindex" />');
        expect(response.body).toContain("<title>Page not found | Toolshop</title>");
        expect(response.body).not.toContain("<script>");
      }
    });

    it("lists the pages and every tool in /sitemap.xml, including one added a moment ago", async () => {
      const before = await get("/sitemap.xml");
      expect(before.statusCode).toBe(200);
      expect(before.headers["content-type"]).toBe("application/xml; charset=utf-8");
      for (const path of ["/", "/blogs", "/myportfolio", "/legal", "/spare-parts"]) {
        expect(before.body).toMatch(
          new RegExp(`<url><loc>${PUBLIC_URL}${path}</loc><lastmod>[^<]+</lastmod></url>`),
        );
      }

      const tool = await addProduct({ name: "Wire Stripper" });
      const after = await get("/sitemap.xml");
      expect(after.body).toContain(`<url><loc>${PUBLIC_URL}/tools/${tool._id}</loc></url>`);
      expect(after.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);

      expect((await call(t.app, admin, "DELETE", `/api/tools/${tool._id}`)).statusCode).toBe(200);
      expect((await get("/sitemap.xml")).body).not.toContain(tool._id);
    });

    it("answers /robots.txt: everything but the API and the signed-in pages, and where the sitemap is", async () => {
      const response = await get("/robots.txt");
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toBe("text/plain; charset=utf-8");
      const lines = response.body.split("\n");
      expect(lines).toEqual(
        expect.arrayContaining([
          "User-agent: *",
          "Allow: /",
          "Disallow: /api",
          "Disallow: /dashboard",
          "Disallow: /stock-alerts",
        ]),
      );
      expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
    });

    it("shows the tool's visible reviews and their average in the HTML and the JSON-LD, and follows each change", async () => {
      const tool = await addProduct({ name: "Torque Wrench" });
      const before = await get(`/tools/${tool._id}`);
      expect(before.body).toContain("No reviews of this tool yet.");
      expect(jsonLdOf(before.body)).not.toHaveProperty("aggregateRating");
      expect(jsonLdOf(before.body)).not.toHaveProperty("review");

      // Two buyers review it through the API, each after the page was cached.
      const posted: string[] = [];
      for (const [rating, comment] of [
        [5, HOSTILE],
        [2, "Loose after a week."],
      ] as const) {
        const buyer = await signedInCustomer(t);
        await insertOrders(t.database.db, {
          userId: buyer.id,
          email: buyer.email,
          toolId: tool._id,
          name: tool.name,
          image: tool.image,
          unitPriceCents: 2450,
          quantity: 10,
          totalCents: 24500,
          address: "1 Test Street",
          phone: "+1 555 0100",
          status: "paid",
        });
        const response = await call(t.app, buyer, "POST", "/api/review", {
          review: rating,
          comment,
          toolId: tool._id,
        });
        expect(response.statusCode, response.body).toBe(201);
        posted.push(buyer.id);
        expect((await get(`/tools/${tool._id}`)).statusCode).toBe(200);
      }
      const html = (await get(`/tools/${tool._id}`)).body;
      expect(html).toMatch(/Review Star: (<!-- -->)?<span class="font-bold">2<\/span>/);
      expect(html).toContain("Loose after a week.");
      expect(html).toContain("3.5</span> out of 5 from 2 reviews");
      expect(html).not.toContain("<img src=x");
      expect(jsonLdOf(html).aggregateRating).toMatchObject({ ratingValue: 3.5, reviewCount: 2 });
      expect(jsonLdOf(html).review).toHaveLength(2);
      expect(serverQueries(html).get(JSON.stringify(["reviews", "tool", tool._id]))).toMatchObject({
        average: 3.5,
        count: 2,
      });

      // An admin hides the hostile one: gone from the page and from the rating.
      const [hostile] = await t.database.db.select().from(reviews).where(eq(reviews.comment, HOSTILE));
      const hide = await call(t.app, admin, "PATCH", `/api/reviews/${hostile?.id}`, { hidden: true });
      expect(hide.statusCode, hide.body).toBe(200);
      const hidden = (await get(`/tools/${tool._id}`)).body;
      expect(hidden).not.toContain("onerror");
      expect(hidden).toContain("2.0</span> out of 5 from 1 review<");
      expect(jsonLdOf(hidden).aggregateRating).toMatchObject({ ratingValue: 2, reviewCount: 1 });
      expect(jsonLdOf(hidden).review.map((review: { reviewBody: string }) => review.reviewBody)).toEqual([
        "Loose after a week.",
      ]);
    });

    it("carries the configured CURRENCY in every page it sends: home, app shell, product and not-found pages", async () => {
      const tool = await addProduct({ name: "Crimper" });
      for (const url of ["/", "/blogs", "/dashboard/myreview", `/tools/${tool._id}`, "/tools/nope"]) {
        const response = await get(url);
        expect(response.headers["content-type"], url).toBe("text/html; charset=utf-8");
        const metas = response.body.match(/<meta name="shop-currency"[^>]*>/g);
        expect(metas, url).toEqual(['<meta name="shop-currency" content="EUR" />']);
        // In the head, where the web app reads it before its first render.
        expect(response.body.indexOf(metas?.[0] ?? "")).toBeLessThan(response.body.indexOf("</head>"));
      }
    });

    it("tells the web app the shop's currency at GET /api/shop", async () => {
      const response = await get("/api/shop");
      expect(response.statusCode).toBe(200);
      expect(shopSchema.parse(response.json())).toEqual({
        currency: "EUR",
        tax: { ratePercent: 0, pricesIncludeTax: false },
        seller: { name: "Toolshop", addressLines: [], taxId: null },
      });
    });
  });
}

describe.skipIf(testDatabaseTargets()[0]?.skip)("product pages without a web build", () => {
  it("answer 503 like every other page, saying how to build", async () => {
    const first = testDatabaseTargets()[0];
    if (!first) return;
    const t = await createTestApp(first.options);
    try {
      const response = await t.app.inject({
        method: "GET",
        url: "/tools/00000000-0000-4000-8000-000000000000",
      });
      expect(response.statusCode).toBe(503);
      expect(response.body).toContain("npm run build");
    } finally {
      await t.close();
    }
  });
});

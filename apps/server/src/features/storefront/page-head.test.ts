// The head tags of the pages a link or a crawler lands on (/, /blogs, a product page), the PNG
// renditions their previews name, and the cache headers of the build's files and the uploads. About
// pages, not data: it runs on PGlite only.
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInCustomer } from "../../testing/api-client";
import { addTool } from "../../testing/fixtures";
import { uploadPicture } from "../../testing/products";
import { createTestApp, type TestApp } from "../../testing/test-app";

const PUBLIC_URL = "https://shop.example";
const SHELL = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Toolshop | Electrical and mechanical hand tools</title>
    <meta name="description" content="The shell's own description." />
    <script type="module" crossorigin src="/assets/index-abc123.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;
const INDEX = SHELL.replace(
  "</head>",
  '<link rel="modulepreload" href="/assets/home-page-abc123.js">\n  </head>',
);
const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 48" width="64" height="48"><rect width="64" height="48" fill="#1d4ed8"/></svg>';

/** The head's tags as name → contents (every occurrence, so that a duplicate shows). */
function headOf(html: string): Record<string, string[]> {
  const head = html.slice(0, html.indexOf("</head>"));
  const tags: Record<string, string[]> = {};
  const add = (name: string, value: string) => {
    tags[name] = [...(tags[name] ?? []), value.replace(/&amp;/g, "&")];
  };
  for (const [, title] of head.matchAll(/<title>([^<]*)<\/title>/g)) add("title", title ?? "");
  for (const [, rel, href] of head.matchAll(/<link rel="(canonical)" href="([^"]*)"/g))
    add(rel ?? "", href ?? "");
  for (const [, name, content] of head.matchAll(/<meta (?:name|property)="([^"]+)"\s+content="([^"]*)"/g)) {
    add(name ?? "", content ?? "");
  }
  return tags;
}

/** What every shared page must carry, once each. */
const SHARED_TAGS = [
  "title",
  "description",
  "canonical",
  "og:type",
  "og:site_name",
  "og:title",
  "og:description",
  "og:url",
  "og:image",
  "twitter:card",
  "twitter:title",
  "twitter:description",
  "twitter:image",
];

describe("the pages' head tags and the build's cache headers", () => {
  let t: TestApp;
  let toolId: string;
  beforeAll(async () => {
    const webBuild = {
      "app-shell.html": SHELL,
      "index.html": INDEX,
      "assets/index-abc123.js": "console.log(1);",
      "images/hero.svg": SVG,
      "images/tools/pliers.svg": SVG,
    };
    t = await createTestApp({ kind: "pglite" }, { webBuild, env: { PUBLIC_URL } });
    toolId = (await addTool(t.database.db)).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  async function headAt(url: string) {
    const response = await t.app.inject({ method: "GET", url });
    expect(response.statusCode, url).toBe(200);
    expect(response.headers["cache-control"], url).toBe("no-cache");
    const head = headOf(response.body);
    for (const name of SHARED_TAGS) expect(head[name], `${url}: ${name}`).toHaveLength(1);
    return Object.fromEntries(Object.entries(head).map(([name, [value]]) => [name, value ?? ""]));
  }

  it("gives / its description, canonical URL, Open Graph and Twitter card tags, the SVG's PNG as image", async () => {
    const head = await headAt("/");
    expect(head.canonical).toBe(`${PUBLIC_URL}/`);
    expect(head["og:url"]).toBe(`${PUBLIC_URL}/`);
    expect(head["og:type"]).toBe("website");
    expect(head["og:site_name"]).toBe("Toolshop");
    expect(head.description).toMatch(/^Toolshop makes electrical and mechanical hand tools/);
    expect(head["og:description"]).toBe(head.description);
    expect(head["og:image"]).toBe(`${PUBLIC_URL}/og/images/hero.png`);
    expect(head["twitter:image"]).toBe(head["og:image"]);
    expect(head["twitter:card"]).toBe("summary_large_image");
  });

  it("gives /blogs its own head, not the home page's", async () => {
    const head = await headAt("/blogs");
    expect(head.title).toBe("Blogs | Toolshop");
    expect(head.canonical).toBe(`${PUBLIC_URL}/blogs`);
    expect(head["og:url"]).toBe(`${PUBLIC_URL}/blogs`);
    expect(head["og:title"]).toBe("Blogs");
    expect(head["twitter:title"]).toBe("Blogs");
    expect(head.description).not.toBe((await headAt("/")).description);
  });

  it("gives a product page the Twitter card's title, description and image beside Open Graph's", async () => {
    const head = await headAt(`/tools/${toolId}`);
    expect(head["og:type"]).toBe("product");
    expect(head.canonical).toBe(`${PUBLIC_URL}/tools/${toolId}`);
    expect(head["twitter:title"]).toBe("Test Pliers");
    expect(head["twitter:description"]).toBe("Pliers for tests.");
    expect(head["og:image"]).toBe(`${PUBLIC_URL}/og/images/tools/pliers.png`);
    expect(head["twitter:image"]).toBe(head["og:image"]);
  });

  it("serves a bundled SVG's preview as a 1200x630 PNG, kept a month and revalidated by its ETag", async () => {
    const response = await t.app.inject({ method: "GET", url: "/og/images/tools/pliers.png" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("image/png");
    expect(response.headers["cache-control"]).toBe("public, max-age=2592000");
    const { format, width, height } = await sharp(response.rawPayload).metadata();
    expect({ format, width, height }).toEqual({ format: "png", width: 1200, height: 630 });
    const again = await t.app.inject({
      method: "GET",
      url: "/og/images/tools/pliers.png",
      headers: { "if-none-match": String(response.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    for (const url of [
      "/og/images/tools/no-such.png",
      "/og/images/../index.png",
      "/og/images/tools/pliers.svg",
    ]) {
      expect((await t.app.inject({ method: "GET", url })).statusCode, url).toBe(404);
    }
  });

  it("keeps hashed assets and uploads for a year (immutable), the build's unhashed images a month", async () => {
    const asset = await t.app.inject({ method: "GET", url: "/assets/index-abc123.js" });
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const image = await t.app.inject({ method: "GET", url: "/images/tools/pliers.svg" });
    expect(image.statusCode).toBe(200);
    expect(image.headers["cache-control"]).toBe("public, max-age=2592000");
    expect(image.headers.etag ?? image.headers["last-modified"]).toBeTruthy();

    const admin = await signedInCustomer(t, { role: "admin" });
    const url = await uploadPicture(t, admin);
    const uploaded = await t.app.inject({ method: "GET", url });
    expect(uploaded.statusCode).toBe(200);
    expect(uploaded.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });
});

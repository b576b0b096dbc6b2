// Cache-Control on every answer: no-store unless the route is a public one that opts into its own
// caching. The routes are walked from the app's own table, so a new route is covered without a test
// change. Independent of the database kind, so it runs on PGlite only.
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { brotliCompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, type SignedInCustomer, signedInCustomer } from "../testing/api-client";
import { addTool } from "../testing/fixtures";
import { createTestApp, type TestApp } from "../testing/test-app";

/** Public, shared answers that may be kept by caches (revalidated through their ETag). */
const PUBLIC_CACHED = new Set([
  "GET /api/tools",
  "GET /api/tools/:id",
  "GET /api/tools/search",
  "GET /api/categories",
  "GET /api/tools/:id/reviews",
  "GET /api/review",
]);

/** Every method and path of the app's route table, from printRoutes' tree without common prefixes. */
function routeTable(tree: string): [method: string, path: string][] {
  const routes: [string, string][] = [];
  const stack: string[] = [];
  for (const line of tree.split("\n")) {
    const match = /^([│ ]*)(?:├── |└── )(\S*)(?: \(([^)]+)\))?/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? "").length / 4;
    stack.length = depth;
    stack.push(match[2] ?? "");
    for (const method of (match[3] ?? "").split(", ").filter(Boolean)) {
      if (method !== "HEAD" && method !== "OPTIONS") routes.push([method, stack.join("")]);
    }
  }
  return routes;
}

describe("Cache-Control", () => {
  let t: TestApp;
  let admin: SignedInCustomer;
  let toolId: string;
  beforeAll(async () => {
    t = await createTestApp({ kind: "pglite" });
    admin = await signedInCustomer(t, { role: "admin" });
    toolId = (await addTool(t.database.db)).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it("is no-store on every answer but the public catalogue and reviews, signed in or not", async () => {
    const routes = routeTable(t.app.printRoutes({ commonPrefix: false })).filter(([, path]) =>
      path.startsWith("/api"),
    );
    expect(routes.length).toBeGreaterThan(20);
    const seen: string[] = [];
    for (const [method, path] of routes) {
      const url = path
        .replace(/:id\b/g, toolId)
        .replace(/:email\b/g, encodeURIComponent(admin.email))
        .replace(/:[A-Za-z]+/g, "x")
        .replace(/\*$/, "get-session");
      for (const who of [admin, undefined]) {
        const response = await call(t.app, who, method as "GET", url);
        const cacheControl = response.headers["cache-control"];
        if (PUBLIC_CACHED.has(`${method} ${path}`) && response.statusCode === 200) {
          expect(cacheControl, `${method} ${url}`).toBe("no-cache");
          expect(response.headers.etag, `${method} ${url}`).toBeTruthy();
        } else {
          expect(cacheControl, `${method} ${url} (${response.statusCode})`).toBe("no-store");
        }
      }
      seen.push(`${method} ${path}`);
    }
    // The access token, the session and the user's own data are among the routes walked.
    expect(seen).toEqual(
      expect.arrayContaining(["PUT /api/user/:email", "GET /api/user", "GET /api/profile"]),
    );
  });

  it("keeps the catalogue's revalidation: 304 for a matching ETag", async () => {
    const first = await t.app.inject({ method: "GET", url: "/api/tools" });
    const again = await t.app.inject({
      method: "GET",
      url: "/api/tools",
      headers: { "if-none-match": String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.headers["cache-control"]).toBe("no-cache");
  });

  it("keeps what a content-hashed name holds a year, immutable, and revalidates the build's other pictures by ETag", async () => {
    const dist = join(t.dataDir, "web-dist");
    await mkdir(join(dist, "assets"), { recursive: true });
    await mkdir(join(dist, "images", "tools"), { recursive: true });
    await writeFile(join(dist, "index.html"), "<!doctype html><title>Toolshop</title>");
    await writeFile(join(dist, "assets", "app-1234abcd.js"), "console.log(1)");
    await writeFile(join(dist, "assets", "app-1234abcd.js.br"), brotliCompressSync("console.log(1)"));
    await writeFile(join(dist, "images", "tools", "pliers.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
    const web = await createTestApp({ kind: "pglite" }, { webDistDir: dist });
    try {
      // Vite names its files after their content: a new content is a new URL.
      for (const encoding of ["identity", "br"]) {
        const asset = await web.app.inject({
          method: "GET",
          url: "/assets/app-1234abcd.js",
          headers: { "accept-encoding": encoding },
        });
        expect(asset.statusCode, encoding).toBe(200);
        expect(asset.headers["cache-control"], encoding).toBe("public, max-age=31536000, immutable");
      }
      // The seeded tools' pictures keep their URL whatever a deploy puts there: kept, then revalidated.
      const picture = await web.app.inject({ method: "GET", url: "/images/tools/pliers.svg" });
      expect(picture.statusCode).toBe(200);
      expect(picture.headers["cache-control"]).toBe("public, max-age=2592000");
      expect(picture.headers["cache-control"]).not.toContain("immutable");
      expect(picture.headers.etag).toBeTruthy();
      const again = await web.app.inject({
        method: "GET",
        url: "/images/tools/pliers.svg",
        headers: { "if-none-match": String(picture.headers.etag) },
      });
      expect(again.statusCode).toBe(304);
      const page = await web.app.inject({ method: "GET", url: "/dashboard" });
      expect(page.headers["cache-control"]).toBe("no-cache");
    } finally {
      await web.close();
    }
  });
});

import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asNotFoundPage, registerWebApp, withShopCurrency } from "./web-app";

// index.html is the home page's document (its preloads), which the storefront renders into.
const HOME = '<!doctype html><link rel="modulepreload" href="/assets/home-page.js"><div id="root"></div>';
const SHELL = '<!doctype html><div id="root"></div>';

describe("the web app", () => {
  let app: FastifyInstance;
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "toolshop-web-app-"));
    await mkdir(join(dir, "dist"));
    await writeFile(join(dir, "dist", "index.html"), HOME);
    await writeFile(join(dir, "dist", "app-shell.html"), SHELL);
    app = Fastify();
    await registerWebApp(app, { webDistDir: join(dir, "dist"), currency: "jpy" });
  });
  afterAll(async () => {
    await app?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("answers the app's pages with the empty shell and the shop's currency, never with the home page's document", async () => {
    for (const url of ["/blogs", "/login?next=%2Fdashboard", "/dashboard/myreview"]) {
      const response = await app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["content-type"], url).toMatch(/^text\/html/);
      expect(response.headers["cache-control"], url).toBe("no-cache");
      expect(response.body, url).toBe(withShopCurrency(SHELL, "jpy"));
      expect(response.body, url).toContain('<meta name="shop-currency" content="JPY" />');
    }
  });

  it("answers a path where the app has no page with the shell as a 404 (page-status.test.ts)", async () => {
    const response = await app.inject({ method: "GET", url: "/no-such-page" });
    expect(response.statusCode).toBe(404);
    expect(response.body).toBe(asNotFoundPage(withShopCurrency(SHELL, "jpy")));
  });

  it("never sends a page's file as it is on disk, without the currency", async () => {
    for (const url of ["/index.html", "/app-shell.html"]) {
      const response = await app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).not.toContain("<div id=");
    }
  });

  it("answers 304 to a matching If-None-Match", async () => {
    const first = await app.inject({ method: "GET", url: "/blogs" });
    const again = await app.inject({
      method: "GET",
      url: "/login",
      headers: { "if-none-match": String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });
});

describe("the currency's meta tag", () => {
  it("goes last in the head, upper case, and before everything in a page without a head", () => {
    const page = '<!doctype html>\n<html>\n  <head>\n    <meta charset="UTF-8" />\n  </head>\n</html>';
    expect(withShopCurrency(page, "eur")).toBe(
      '<!doctype html>\n<html>\n  <head>\n    <meta charset="UTF-8" />\n    <meta name="shop-currency" content="EUR" />\n  </head>\n</html>',
    );
    expect(withShopCurrency(SHELL, "usd")).toBe(
      '<!doctype html><meta name="shop-currency" content="USD" /><div id="root"></div>',
    );
  });
});

// Behaviour of the app as a whole: security headers, error answers, the SPA, the uploads, the docs.
// Independent of the database kind, so it runs on PGlite only.
import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { LightMyRequestResponse } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { defaultWebDistDir } from "./app";
import { createTestApp, type TestApp } from "./testing/test-app";

function expectSecurityHeaders(response: LightMyRequestResponse) {
  const csp = String(response.headers["content-security-policy"]);
  const directives = Object.fromEntries(
    csp.split(";").map((directive) => {
      const [name = "", ...values] = directive.trim().split(/\s+/);
      return [name, values.join(" ")];
    }),
  );
  expect(directives["default-src"]).toBe("'self'");
  expect(directives["script-src"]).toBe("'self'");
  expect(directives["frame-ancestors"]).toBe("'none'");
  expect(directives["object-src"]).toBe("'none'");
  expect(directives["base-uri"]).toBe("'self'");
  expect(directives["form-action"]).toBe("'self'");
  expect(response.headers["x-content-type-options"]).toBe("nosniff");
  expect(response.headers["x-frame-options"]).toBe("DENY");
  expect(response.headers["referrer-policy"]).toBe("no-referrer");
}

describe("the app with a web build", () => {
  let t: TestApp;
  beforeAll(async () => {
    const webBuild = {
      "index.html": '<!doctype html><div id="root"></div>',
      "assets/index-Ab12Cd34.js": "console.log('app');",
      "favicon.svg": "<svg xmlns='http://www.w3.org/2000/svg'/>",
    };
    t = await createTestApp({ kind: "pglite" }, { webBuild });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("serves / rendered into index.html with the security headers, never cached stale", async () => {
    const response = await t.app.inject({ method: "GET", url: "/" });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root" data-server-rendered="/">');
    expect(response.headers["cache-control"]).toBe("no-cache");
    expectSecurityHeaders(response);
  });

  it("answers client-side routes such as /blogs with index.html", async () => {
    for (const url of ["/blogs", "/dashboard/payment/123", "/checkout/abc?x=1"]) {
      const response = await t.app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["content-type"]).toMatch(/^text\/html/);
      expect(response.body).toContain('<div id="root">');
    }
  });

  it("caches hashed assets for a year and other files briefly", async () => {
    const asset = await t.app.inject({ method: "GET", url: "/assets/index-Ab12Cd34.js" });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const favicon = await t.app.inject({ method: "GET", url: "/favicon.svg" });
    expect(favicon.statusCode).toBe(200);
    expect(favicon.headers["cache-control"]).toBe("public, max-age=3600");
  });

  it("answers 404, not index.html, for a missing file", async () => {
    const response = await t.app.inject({ method: "GET", url: "/assets/missing-123.js" });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('<div id="root">');
  });

  it("answers a JSON 404 for an unknown API path, whatever the method", async () => {
    for (const method of ["GET", "POST"] as const) {
      const response = await t.app.inject({ method, url: "/api/no-such-thing" });
      expect(response.statusCode).toBe(404);
      expect(response.headers["content-type"]).toMatch(/^application\/json/);
      expect(response.json()).toEqual({
        statusCode: 404,
        error: "Not Found",
        message: `There is no API route at ${method} /api/no-such-thing.`,
      });
    }
  });

  it("puts the security headers on API answers", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/tools" });
    expect(response.statusCode).toBe(200);
    expectSecurityHeaders(response);
  });

  it("serves uploaded files from DATA_DIR/uploads with long caching", async () => {
    await mkdir(join(t.dataDir, "uploads"), { recursive: true });
    // Stored names are the content's hash: anything else under /uploads/ is the site's 404.
    const name = "0123456789abcdef0123456789abcdef.webp";
    await writeFile(join(t.dataDir, "uploads", name), Buffer.from("RIFF0000WEBP"));
    const response = await t.app.inject({ method: "GET", url: `/uploads/${name}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const missing = await t.app.inject({ method: "GET", url: "/uploads/none.webp" });
    expect(missing.statusCode).toBe(404);
  });

  it("publishes the OpenAPI document with the tool and review schemas", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(["/api/tools", "/api/tools/{id}", "/api/review", "/api/healthz", "/api/readyz"]),
    );
    const toolList = document.paths["/api/tools"].get.responses["200"].content["application/json"].schema;
    expect(toolList.items.properties).toHaveProperty("availableQuantity");
  });

  it("serves the docs UI, still without inline scripts", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/docs" });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain("swagger-ui-bundle.js");
    const csp = String(response.headers["content-security-policy"]);
    expect(csp).toMatch(/script-src 'self';/);
    expect(csp).toContain("frame-ancestors 'none'");
  });
});

it("looks for the web build in apps/web/dist by default", () => {
  expect(defaultWebDistDir.endsWith(join("apps", "web", "dist"))).toBe(true);
  expect(existsSync(join(defaultWebDistDir, "..", "package.json"))).toBe(true);
});

describe("the app without a web build", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind: "pglite" });
    // Routes that exist only here, to see how errors are answered.
    const app = t.app.withTypeProvider<ZodTypeProvider>();
    app.post(
      "/api/test/validated",
      { schema: { body: z.object({ name: z.string().min(1, "Name is required"), quantity: z.number() }) } },
      () => ({ ok: true }),
    );
    app.get("/api/test/crash", () => {
      throw new Error("connection string postgres://secret@db leaked");
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("answers pages with a 503 that says to run the build, with the security headers", async () => {
    const response = await t.app.inject({ method: "GET", url: "/" });
    expect(response.statusCode).toBe(503);
    expect(response.headers["content-type"]).toMatch(/^text\/plain/);
    expect(response.body).toContain("npm run build");
    expectSecurityHeaders(response);
  });

  it("still answers the API", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/healthz" });
    expect(response.statusCode).toBe(200);
  });

  it("answers a validation failure with 400 and the schema's sentences", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/test/validated",
      payload: { name: "", quantity: "many" },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({ statusCode: 400, error: "Bad Request" });
    expect(body.message).toMatch(/^Name is required; quantity: /);
  });

  it("answers malformed JSON with 400", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/test/validated",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, error: "Bad Request" });
  });

  it("answers a server fault with 500 and no internals", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/test/crash" });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      statusCode: 500,
      error: "Internal Server Error",
      message: "Something went wrong on our side. Please try again later.",
    });
    expect(response.body).not.toContain("secret");
  });
});

import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerWebApp } from "./web-app";

const HOME = '<!doctype html><div id="root" data-prerendered-path="/"><h1>Home</h1></div>';
const SHELL = '<!doctype html><div id="root"></div>';

describe("the web app with the home page pre-rendered", () => {
  let app: FastifyInstance;
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "toolshop-web-app-"));
    await mkdir(join(dir, "dist"));
    await writeFile(join(dir, "dist", "index.html"), HOME);
    await writeFile(join(dir, "dist", "app-shell.html"), SHELL);
    app = Fastify();
    await registerWebApp(app, { webDistDir: join(dir, "dist") });
  });
  afterAll(async () => {
    await app?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("serves the pre-rendered index.html at / only", async () => {
    const response = await app.inject({ method: "GET", url: "/" });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(HOME);
    expect(response.headers["cache-control"]).toBe("no-cache");
  });

  it("answers every other client route with the empty shell, never with the home page's markup", async () => {
    for (const url of ["/blogs", "/login?next=%2Fdashboard", "/dashboard/my-orders", "/no-such-page"]) {
      const response = await app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["content-type"], url).toMatch(/^text\/html/);
      expect(response.headers["cache-control"], url).toBe("no-cache");
      expect(response.body, url).toBe(SHELL);
    }
  });
});

// The catalogue's cached reads answered before Fastify (catalogue-cache.ts answerDirectly, app.ts): the
// same status, headers and bytes as Fastify's own answer, and only for an exact GET of a cached body.
import type { IncomingMessage, ServerResponse } from "node:http";
import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { testDatabaseTargets } from "@toolshop/db/test-support";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it, type MockInstance, vi } from "vitest";
import { addTool } from "../testing/fixtures";
import { createTestApp, type TestApp } from "../testing/test-app";

interface Answer {
  status: number;
  /** Names in the order sent, with their values; Node's own (date, connection, keep-alive) aside. */
  headers: [string, string][];
  body: Buffer;
}

const NODE_OWN = new Set(["date", "connection", "keep-alive"]);

function get(base: string, path: string, headers: Record<string, string> = {}, method = "GET") {
  return new Promise<Answer>((resolve, reject) => {
    // The path as written, not as a URL parser would tidy it ("/api/tools?" stays as it is).
    const { hostname, port } = new URL(base);
    const request = httpRequest({ host: hostname, port, path, method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("error", reject);
      response.on("end", () => {
        const named: [string, string][] = [];
        for (let i = 0; i < response.rawHeaders.length; i += 2) {
          const name = (response.rawHeaders[i] ?? "").toLowerCase();
          if (!NODE_OWN.has(name)) named.push([name, response.rawHeaders[i + 1] ?? ""]);
        }
        resolve({ status: response.statusCode ?? 0, headers: named, body: Buffer.concat(chunks) });
      });
    });
    request.on("error", reject);
    request.end();
  });
}

/** Fastify's own answer to the same request (inject never passes through the HTTP server). */
async function viaFastify(app: FastifyInstance, path: string, headers: Record<string, string> = {}) {
  const response = await app.inject({ method: "GET", url: path, headers });
  const named = Object.entries(response.headers)
    .filter(([name]) => !NODE_OWN.has(name))
    .map(([name, value]) => [name, String(value)]);
  return { status: response.statusCode, headers: named, body: response.rawPayload };
}

const REPRESENTATIONS: Record<string, string>[] = [
  {},
  { "accept-encoding": "gzip" },
  { "accept-encoding": "gzip, deflate, br" },
  { "accept-encoding": "br;q=0, gzip" },
];

for (const target of testDatabaseTargets()) {
  describe.skipIf(target.skip)(`the catalogue answered before Fastify ${target.title}`, () => {
    let t: TestApp;
    let base: string;
    let direct: MockInstance<(request: IncomingMessage, response: ServerResponse) => boolean>;
    /** Whether answerDirectly answered the last request the server received. */
    const lastWasDirect = () => direct.mock.results.at(-1)?.value as boolean | undefined;

    beforeAll(async () => {
      t = await createTestApp(target.options);
      // Enough tools for a body past the compression threshold: every representation is exercised.
      for (let i = 0; i < 12; i++) await addTool(t.database.db);
      direct = vi.spyOn(t.app.catalogueCache, "answerDirectly");
      await t.app.listen({ host: "127.0.0.1", port: 0 });
      base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      direct?.mockRestore();
      await t?.close();
    });

    it("answers a cached read with Fastify's status, headers (in order) and bytes, and its 304", async () => {
      for (const path of ["/api/tools", "/api/review"]) {
        await t.app.events.publish({ type: "ToolChanged", toolId: "x", change: "updated" });
        await t.app.events.publish({ type: "ReviewChanged" });
        const first = await get(base, path);
        expect(lastWasDirect()).toBe(false); // nothing cached yet: Fastify read the database
        const second = await get(base, path);
        expect(lastWasDirect()).toBe(true);
        expect(second).toEqual(first);

        for (const headers of REPRESENTATIONS) {
          const answer = await get(base, path, headers);
          expect(lastWasDirect()).toBe(true);
          expect(answer).toEqual(await viaFastify(t.app, path, headers));
          const etag = answer.headers.find(([name]) => name === "etag")?.[1] ?? "";
          const conditional = { ...headers, "if-none-match": `"other", W/${etag}` };
          const notModified = await get(base, path, conditional);
          expect(lastWasDirect()).toBe(true);
          expect(notModified.status).toBe(304);
          expect(notModified).toEqual(await viaFastify(t.app, path, conditional));
        }
      }
    });

    it("leaves every other method and spelling of the path to Fastify", async () => {
      await get(base, "/api/tools"); // cached by Fastify, or already
      await get(base, "/api/tools");
      expect(lastWasDirect()).toBe(true);
      const others: [string, string][] = [
        ["HEAD", "/api/tools"],
        ["POST", "/api/tools"],
        ["GET", "/api/tools?"],
        ["GET", "/api/tools?limit=1"],
        ["GET", "/api/tools/"],
        ["GET", "/API/tools"],
        ["GET", "//api/tools"],
        ["GET", "/api/%74ools"],
        ["GET", "/api/tools#x"],
        ["GET", "/api/review/"],
      ];
      for (const [method, path] of others) {
        const answer = await get(base, path, {}, method);
        expect(lastWasDirect(), `${method} ${path}`).toBe(false);
        // Fastify's answer, whatever it is: a stranger's POST still meets the guard.
        if (method === "POST") expect(answer.status).toBe(401);
      }
    });

    it("reads the database again after a write, then answers directly again", async () => {
      const tool = await addTool(t.database.db, { availableQuantity: 7 });
      await t.app.events.publish({ type: "ToolChanged", toolId: tool.id, change: "created" });
      const fresh = await get(base, "/api/tools");
      expect(lastWasDirect()).toBe(false);
      expect(fresh.body.toString()).toContain(tool.id);
      expect(await get(base, "/api/tools")).toEqual(fresh);
      expect(lastWasDirect()).toBe(true);
    });
  });
}

describe("the catalogue answered before Fastify, or not", () => {
  const request = { method: "GET", url: "/api/tools", headers: {} } as IncomingMessage;
  const response = {
    writeHead: vi.fn().mockReturnThis(),
    end: vi.fn(),
  } as unknown as ServerResponse;

  it("never while the app closes: Fastify then answers what still comes (503, Connection: close)", async () => {
    const t = await createTestApp({ kind: "pglite" });
    try {
      expect((await t.app.inject({ url: "/api/tools" })).statusCode).toBe(200);
      expect(t.app.catalogueCache.answerDirectly(request, response)).toBe(true);
    } finally {
      await t.close();
    }
    expect(t.app.catalogueCache.answerDirectly(request, response)).toBe(false);
  });

  it("never with the full access log (LOG_LEVEL=debug): every answer is logged", async () => {
    const lines: string[] = [];
    const t = await createTestApp(
      { kind: "pglite" },
      { env: { LOG_LEVEL: "debug" }, logDestination: { write: (line) => lines.push(line) } },
    );
    try {
      expect((await t.app.inject({ url: "/api/tools" })).statusCode).toBe(200);
      expect(t.app.catalogueCache.answerDirectly(request, response)).toBe(false);
    } finally {
      await t.close();
    }
    expect(lines.some((line) => line.includes('"url":"/api/tools"'))).toBe(true);
  });
});

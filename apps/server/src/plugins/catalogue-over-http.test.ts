// The catalogue's cached reads over a real socket, through Fastify's route like every other answer
// (decision 0036): the security headers, a strong ETag per representation and its 304, gzip and brotli
// bodies that decode to the JSON, and a new body after a write.
import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { testDatabaseTargets } from "@toolshop/db/test-support";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addTool } from "../testing/fixtures";
import { createTestApp, type TestApp } from "../testing/test-app";

interface Answer {
  status: number;
  /** Names in the order sent, with their values; Node's own (date, connection, keep-alive) aside. */
  headers: [string, string][];
  body: Buffer;
}

const NODE_OWN = new Set(["date", "connection", "keep-alive"]);

function get(base: string, path: string, headers: Record<string, string> = {}) {
  return new Promise<Answer>((resolve, reject) => {
    const { hostname, port } = new URL(base);
    const request = httpRequest({ host: hostname, port, path, headers }, (response) => {
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

/** Fastify's answer to the same request without a socket (inject). */
async function viaInject(app: FastifyInstance, path: string, headers: Record<string, string> = {}) {
  const response = await app.inject({ method: "GET", url: path, headers });
  const named = Object.entries(response.headers)
    .filter(([name]) => !NODE_OWN.has(name))
    .map(([name, value]) => [name, String(value)]);
  return { status: response.statusCode, headers: named, body: response.rawPayload };
}

const header = (answer: Answer, name: string) => answer.headers.find(([key]) => key === name)?.[1];

const REPRESENTATIONS: [Record<string, string>, string | undefined, (body: Buffer) => Buffer][] = [
  [{}, undefined, (body) => body],
  [{ "accept-encoding": "gzip" }, "gzip", gunzipSync],
  [{ "accept-encoding": "gzip, deflate, br" }, "br", brotliDecompressSync],
  [{ "accept-encoding": "br;q=0, gzip" }, "gzip", gunzipSync],
];

for (const target of testDatabaseTargets()) {
  describe.skipIf(target.skip)(`the catalogue over HTTP ${target.title}`, () => {
    let t: TestApp;
    let base: string;

    beforeAll(async () => {
      t = await createTestApp(target.options);
      // Enough tools for a body past the compression threshold: every representation is exercised.
      for (let i = 0; i < 12; i++) await addTool(t.database.db);
      await t.app.listen({ host: "127.0.0.1", port: 0 });
      base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      await t?.close();
    });

    it("answers each representation with the security headers, its own ETag and its 304", async () => {
      for (const path of ["/api/tools", "/api/review"]) {
        const plain = await get(base, path);
        expect(plain.status).toBe(200);
        for (const [headers, encoding, decode] of REPRESENTATIONS) {
          const answer = await get(base, path, headers);
          // The same answer as without a socket: the route's, with every hook's headers in order.
          expect(answer).toMatchObject(await viaInject(t.app, path, headers));
          expect(header(answer, "content-security-policy")).toContain("default-src 'self'");
          expect(header(answer, "x-frame-options")).toBe("DENY");
          expect(header(answer, "cache-control")).toBe("no-cache");
          const compressed = plain.body.length >= 1024 ? encoding : undefined;
          expect(header(answer, "content-encoding")).toBe(compressed);
          expect((compressed ? decode(answer.body) : answer.body).toString()).toBe(plain.body.toString());

          const etag = header(answer, "etag") ?? "";
          expect(etag).toMatch(compressed ? new RegExp(`-${compressed}"$`) : /^"[\w-]+"$/);
          const notModified = await get(base, path, { ...headers, "if-none-match": `"other", W/${etag}` });
          expect(notModified.status).toBe(304);
          expect(notModified.body.length).toBe(0);
          expect(header(notModified, "etag")).toBe(etag);
        }
      }
    });

    it("answers a new body and ETag once a write has changed the catalogue", async () => {
      const before = await get(base, "/api/tools");
      const tool = await addTool(t.database.db, { availableQuantity: 7 });
      await t.app.events.publish({ type: "ToolChanged", toolId: tool.id, change: "created" });
      const after = await get(base, "/api/tools", { "if-none-match": header(before, "etag") ?? "" });
      expect(after.status).toBe(200);
      expect(after.body.toString()).toContain(tool.id);
      expect(header(after, "etag")).not.toBe(header(before, "etag"));
    });
  });
}

// The catalogue cache: ETag/304, invalidation by the domain events of writes in this process and in
// another process through Redis, and serving correct bodies when Redis is unreachable or goes away.
import { createServer, type Server, type Socket, connect as tcpConnect } from "node:net";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { tools } from "@toolshop/db/schema";
import { testDatabaseTargets } from "@toolshop/db/test-support";
import { type Tool, toolSchema } from "@toolshop/shared/tools";
import { eq, sql } from "drizzle-orm";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { buildApp } from "../app";
import { matchesEtag } from "../lib/cached-body";
import { call, type SignedInCustomer, signedInCustomer } from "../testing/api-client";
import { addTool } from "../testing/fixtures";
import { testRedis } from "../testing/redis";
import { createTestApp, type TestApp } from "../testing/test-app";
import { DEGRADED_TTL_MS, registerCatalogueCache } from "./catalogue-cache";
import { registerDomainEvents } from "./domain-events";

const redis = testRedis();

/** Another process of the same deployment: its own app (and caches) on the same database. */
async function secondInstance(t: TestApp, redisUrl: string | undefined): Promise<FastifyInstance> {
  return buildApp({
    config: { ...t.app.config, redisUrl },
    database: t.database,
    webDistDir: join(t.dataDir, "no-web-build"),
  });
}

async function stockShownBy(app: FastifyInstance, toolId: string): Promise<number | undefined> {
  const response = await app.inject({ method: "GET", url: "/api/tools" });
  expect(response.statusCode).toBe(200);
  const tools = toolSchema.array().parse(response.json());
  return tools.find((tool) => tool._id === toolId)?.availableQuantity;
}

async function order(app: FastifyInstance, who: SignedInCustomer, toolId: string, quantity: number) {
  const response = await call(app, who, "POST", "/api/orders", {
    toolId,
    address: "1 Main St",
    phone: "+1 555-0100",
    quantity,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { _id: string };
}

/**
 * A stock change by this process while Redis is down, and the event its service would publish. Not an
 * order through the API: without Redis, a token is checked against its identity session, which the
 * test tokens (signedInCustomer) do not have.
 */
async function takeStock(t: TestApp, toolId: string, quantity: number) {
  await t.database.db
    .update(tools)
    .set({ availableQuantity: sql`${tools.availableQuantity} - ${quantity}` })
    .where(eq(tools.id, toolId));
  await t.app.events.publish({ type: "ToolChanged", toolId, change: "updated" });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The premise of the degraded tests: a process that cannot hear invalidations keeps what it cached
 * (so the convergence that follows is the TTL's doing). Only checkable while the TTL has not passed,
 * which a very slow machine may exceed.
 */
function expectStaleWithinTtl(shown: number | undefined, cached: number, cachedAt: number) {
  if (performance.now() - cachedAt < DEGRADED_TTL_MS * 0.8) expect(shown).toBe(cached);
}

for (const target of testDatabaseTargets()) {
  describe.skipIf(target.skip)(`catalogue cache ${target.title}`, () => {
    let t: TestApp;
    let customer: SignedInCustomer;
    let tool: Awaited<ReturnType<typeof addTool>>;
    beforeAll(async () => {
      t = await createTestApp(target.options);
      customer = await signedInCustomer(t);
      tool = await addTool(t.database.db, { minQuantity: 2, availableQuantity: 100 });
    });
    afterAll(async () => {
      await t?.close();
    });

    it("answers a strong ETag and no-cache, and 304 without a body when If-None-Match matches", async () => {
      for (const url of ["/api/tools", `/api/tools/${tool.id}`, "/api/review"]) {
        const first = await t.app.inject({ method: "GET", url });
        expect(first.statusCode, url).toBe(200);
        expect(first.headers["content-type"]).toBe("application/json; charset=utf-8");
        expect(first.headers["cache-control"]).toBe("no-cache");
        const etag = String(first.headers.etag);
        expect(etag).toMatch(/^"[\w-]+"$/);

        const again = await t.app.inject({ method: "GET", url, headers: { "if-none-match": etag } });
        expect(again.statusCode, url).toBe(304);
        expect(again.body).toBe("");
        expect(again.headers.etag).toBe(etag);

        const other = await t.app.inject({ method: "GET", url, headers: { "if-none-match": '"other"' } });
        expect(other.statusCode).toBe(200);
        expect(other.body).toBe(first.body);
      }
    });

    it("compresses the catalogue for a client that takes brotli or gzip, with an ETag per encoding", async () => {
      // Enough tools for a body worth compressing (over 1 KB), as the demo's eight are.
      for (let i = 0; i < 8; i++) await addTool(t.database.db);
      await t.app.events.publish({ type: "ToolChanged", toolId: tool.id, change: "updated" });
      const plain = await t.app.inject({ method: "GET", url: "/api/tools" });
      expect(plain.rawPayload.length).toBeGreaterThan(1024);
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(plain.headers.vary).toBe("accept-encoding");
      for (const [accept, encoding, decode] of [
        ["gzip, deflate, br", "br", brotliDecompressSync],
        ["GZIP", "gzip", gunzipSync],
        ["br;q=0, gzip", "gzip", gunzipSync],
      ] as const) {
        const headers = { "accept-encoding": accept };
        const compressed = await t.app.inject({ method: "GET", url: "/api/tools", headers });
        expect(compressed.statusCode, accept).toBe(200);
        expect(compressed.headers["content-encoding"], accept).toBe(encoding);
        expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length);
        expect(decode(compressed.rawPayload).toString()).toBe(plain.body);
        const etag = String(compressed.headers.etag);
        expect(etag).not.toBe(plain.headers.etag);

        const again = await t.app.inject({
          method: "GET",
          url: "/api/tools",
          headers: { ...headers, "if-none-match": etag },
        });
        expect(again.statusCode, accept).toBe(304);
        // The plain body's ETag does not stand for the compressed one, nor the other way round.
        const crossed = await t.app.inject({
          method: "GET",
          url: "/api/tools",
          headers: { "if-none-match": etag },
        });
        expect(crossed.statusCode, accept).toBe(200);
      }
      const refused = await t.app.inject({
        method: "GET",
        url: "/api/tools",
        headers: { "accept-encoding": "identity, br;q=0" },
      });
      expect(refused.headers["content-encoding"]).toBeUndefined();
      expect(refused.body).toBe(plain.body);
    });

    it("shows the stock an order reserved and a deletion released, with a new ETag each time", async () => {
      const before = await t.app.inject({ method: "GET", url: `/api/tools/${tool.id}` });
      const stock = (toolSchema.parse(before.json()) as Tool).availableQuantity;
      const placed = await order(t.app, customer, tool.id, 3);

      const after = await t.app.inject({
        method: "GET",
        url: `/api/tools/${tool.id}`,
        headers: { "if-none-match": String(before.headers.etag) },
      });
      expect(after.statusCode).toBe(200);
      expect(after.headers.etag).not.toBe(before.headers.etag);
      expect(toolSchema.parse(after.json()).availableQuantity).toBe(stock - 3);
      expect(await stockShownBy(t.app, tool.id)).toBe(stock - 3);

      const deleted = await call(t.app, customer, "DELETE", `/api/orders/${placed._id}`);
      expect(deleted.json()).toEqual({ deletedCount: 1 });
      expect(await stockShownBy(t.app, tool.id)).toBe(stock);
    });

    it("still answers 404 for an unknown tool, and the tool once it exists", async () => {
      const unknown = await t.app.inject({
        method: "GET",
        url: "/api/tools/3f1e2d4c-5b6a-4789-8abc-def012345678",
      });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ message: "There is no tool with this id." });
    });
  });

  describe.skipIf(target.skip || redis.skip)(
    `catalogue cache, two processes ${redis.title} ${target.title}`,
    () => {
      let t: TestApp;
      let other: FastifyInstance;
      let customer: SignedInCustomer;
      beforeAll(async () => {
        t = await createTestApp(target.options, { env: redis.env });
        other = await secondInstance(t, redis.url);
        customer = await signedInCustomer(t);
        expect([t.app.catalogueCache.mode, other.catalogueCache.mode]).toEqual(["shared", "shared"]);
      });
      afterAll(async () => {
        await other?.close();
        await t?.close();
      });

      it("shows a write made in one process in the other at once, not after a TTL", async () => {
        const tool = await addTool(t.database.db, { availableQuantity: 50 });
        // Written past the API: publish what the tools' service would.
        await t.app.events.publish({ type: "ToolChanged", toolId: tool.id, change: "created" });
        expect(await stockShownBy(other, tool.id)).toBe(50);
        expect(await stockShownBy(t.app, tool.id)).toBe(50);

        await order(t.app, customer, tool.id, 5);
        expect(await stockShownBy(t.app, tool.id)).toBe(45);
        // The message crosses Redis; with a live subscriber there is no TTL, so only it can refresh.
        await vi.waitFor(async () => expect(await stockShownBy(other, tool.id)).toBe(45), {
          timeout: DEGRADED_TTL_MS / 2,
          interval: 10,
        });
        // And the other way round.
        await order(other, customer, tool.id, 4);
        await vi.waitFor(async () => expect(await stockShownBy(t.app, tool.id)).toBe(41), {
          timeout: DEGRADED_TTL_MS / 2,
          interval: 10,
        });
      });
    },
  );
}

describe("catalogue cache when Redis is unreachable from the start", () => {
  let t: TestApp;
  let other: FastifyInstance;
  beforeAll(async () => {
    // Nothing listens on port 1.
    t = await createTestApp({ kind: "pglite" }, { env: { REDIS_URL: "redis://127.0.0.1:1" } });
    other = await secondInstance(t, "redis://127.0.0.1:1");
    expect(other.catalogueCache.mode).toBe("degraded");
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  it("serves, shows its own writes at once, and other processes' writes within the short TTL", async () => {
    const tool = await addTool(t.database.db, { availableQuantity: 30 });
    await vi.waitFor(async () => expect(await stockShownBy(other, tool.id)).toBe(30), { timeout: 5000 });
    expect(await stockShownBy(t.app, tool.id)).toBe(30);

    const cachedAt = performance.now();
    expect(await stockShownBy(other, tool.id)).toBe(30);
    await takeStock(t, tool.id, 2);
    expect(await stockShownBy(t.app, tool.id)).toBe(28);
    expectStaleWithinTtl(await stockShownBy(other, tool.id), 30, cachedAt);
    const started = performance.now();
    await vi.waitFor(async () => expect(await stockShownBy(other, tool.id)).toBe(28), {
      timeout: DEGRADED_TTL_MS * 3,
      interval: 50,
    });
    expect(performance.now() - started).toBeLessThan(DEGRADED_TTL_MS * 3);
  });
});

/** A TCP relay in front of the test Redis that can be cut and restored, as a network failure. */
async function redisRelay(target: string) {
  const upstream = new URL(target);
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  const start = () =>
    new Promise<void>((resolve) => {
      const relay = createServer((client) => {
        const toRedis = tcpConnect(Number(upstream.port || 6379), upstream.hostname);
        for (const socket of [client, toRedis]) {
          sockets.add(socket);
          socket.on("close", () => sockets.delete(socket));
          socket.on("error", () => socket.destroy());
        }
        client.pipe(toRedis).pipe(client);
        client.on("close", () => toRedis.destroy());
        toRedis.on("close", () => client.destroy());
      });
      server = relay;
      relay.listen(port, "127.0.0.1", () => {
        port = (relay.address() as { port: number }).port;
        resolve();
      });
    });
  await start();
  const url = new URL(target);
  url.hostname = "127.0.0.1";
  url.port = String(port);
  return {
    url: url.toString(),
    cut: async () => {
      await new Promise<void>((resolve) => {
        server?.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
    },
    restore: start,
  };
}

describe.skipIf(redis.skip)(`catalogue cache when Redis goes away and comes back ${redis.title}`, () => {
  let t: TestApp;
  let other: FastifyInstance;
  let customer: SignedInCustomer;
  let relay: Awaited<ReturnType<typeof redisRelay>>;
  beforeAll(async () => {
    relay = await redisRelay(redis.url);
    t = await createTestApp({ kind: "pglite" }, { env: { ...redis.env, REDIS_URL: relay.url } });
    other = await secondInstance(t, relay.url);
    customer = await signedInCustomer(t);
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
    await relay?.cut();
  });

  it("keeps serving correct bodies: its own writes at once, others' within the TTL, then live again", async () => {
    const tool = await addTool(t.database.db, { availableQuantity: 60 });
    await t.app.events.publish({ type: "ToolChanged", toolId: tool.id, change: "created" });
    await sleep(100); // the invalidation reaches `other` before it caches the list
    expect(await stockShownBy(other, tool.id)).toBe(60);
    const cachedAt = performance.now();

    await relay.cut();
    await takeStock(t, tool.id, 2);
    expect(await stockShownBy(t.app, tool.id)).toBe(58);
    expectStaleWithinTtl(await stockShownBy(other, tool.id), 60, cachedAt);
    await vi.waitFor(async () => expect(await stockShownBy(other, tool.id)).toBe(58), {
      timeout: DEGRADED_TTL_MS * 3,
      interval: 50,
    });

    expect([t.app.catalogueCache.mode, other.catalogueCache.mode]).toEqual(["degraded", "degraded"]);

    await relay.restore();
    // ioredis reconnects within a couple of seconds; both processes then hear each other again.
    await vi.waitFor(
      () => expect([t.app.catalogueCache.mode, other.catalogueCache.mode]).toEqual(["shared", "shared"]),
      { timeout: 10_000, interval: 50 },
    );
    // The subscriber's connection may be back before the command connection that checks tokens
    // against the revoked sessions; until it is, the session table decides, and this test's token
    // has no session there (see takeStock).
    await vi.waitFor(() => expect(t.app.redis?.status).toBe("ready"), { timeout: 10_000, interval: 50 });
    expect(await stockShownBy(other, tool.id)).toBe(58); // cached by `other` now, with no TTL
    await order(t.app, customer, tool.id, 2);
    await vi.waitFor(async () => expect(await stockShownBy(other, tool.id)).toBe(56), {
      timeout: DEGRADED_TTL_MS / 2,
      interval: 10,
    });
  });
});

describe("catalogue cache consistency (no database)", () => {
  let app: FastifyInstance;
  let version = 0;
  let loads = 0;
  let gate: Promise<void> | undefined;
  beforeAll(async () => {
    app = Fastify();
    await registerDomainEvents(app, undefined, redis.prefix);
    registerCatalogueCache(app);
    app.get("/v", (request, reply) =>
      app.catalogueCache.serve(request, reply, {
        scope: "reviews",
        key: "list",
        schema: z.object({ version: z.number() }),
        load: async () => {
          loads++;
          const read = version;
          await gate;
          return { version: read };
        },
      }),
    );
  });
  afterAll(async () => {
    await app?.close();
  });

  it("reads the database once for concurrent misses, then serves from memory", async () => {
    version = 1;
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => app.inject({ method: "GET", url: "/v" }).then((r) => r.json())),
    );
    expect(answers).toEqual(Array(5).fill({ version: 1 }));
    expect(loads).toBe(1);
    version = 2;
    expect((await app.inject({ method: "GET", url: "/v" })).json()).toEqual({ version: 1 });
    await app.events.publish({ type: "ToolChanged", toolId: "t", change: "updated" });
    expect((await app.inject({ method: "GET", url: "/v" })).json()).toEqual({ version: 1 });
    await app.events.publish({ type: "ReviewChanged" });
    expect((await app.inject({ method: "GET", url: "/v" })).json()).toEqual({ version: 2 });
  });

  it("does not keep a body read before an invalidation that landed while it was being read", async () => {
    await app.events.publish({ type: "ReviewChanged" });
    let open = () => {};
    gate = new Promise((resolve) => {
      open = resolve;
    });
    version = 3;
    const slow = app.inject({ method: "GET", url: "/v" });
    await new Promise((resolve) => setTimeout(resolve, 20));
    // A write commits (version 4) and invalidates while the read above still holds version 3.
    version = 4;
    await app.events.publish({ type: "ReviewChanged" });
    open();
    gate = undefined;
    expect((await slow).json()).toEqual({ version: 3 });
    expect((await app.inject({ method: "GET", url: "/v" })).json()).toEqual({ version: 4 });
  });

  it("keeps at most the bodies it is given per scope, dropping the least recently used", async () => {
    const small = Fastify();
    await registerDomainEvents(small, undefined, redis.prefix);
    registerCatalogueCache(small, 2);
    const reads = new Map<string, number>();
    small.get<{ Params: { key: string } }>("/k/:key", (request, reply) =>
      small.catalogueCache.serve(request, reply, {
        scope: "tools",
        key: request.params.key,
        schema: z.object({ key: z.string() }),
        load: async () => {
          reads.set(request.params.key, (reads.get(request.params.key) ?? 0) + 1);
          return { key: request.params.key };
        },
      }),
    );
    try {
      for (const key of ["a", "b", "a", "c", "a", "b"]) {
        expect((await small.inject({ method: "GET", url: `/k/${key}` })).json()).toEqual({ key });
      }
      // b went when c came (a had just been read); a stayed.
      expect(Object.fromEntries(reads)).toEqual({ a: 1, b: 2, c: 1 });
    } finally {
      await small.close();
    }
  });

  it("compares If-None-Match weakly, as RFC 9110 says", () => {
    expect(matchesEtag('"a"', '"a"')).toBe(true);
    expect(matchesEtag('W/"a"', '"a"')).toBe(true);
    expect(matchesEtag('"b", "a"', '"a"')).toBe(true);
    expect(matchesEtag("*", '"a"')).toBe(true);
    expect(matchesEtag('"b"', '"a"')).toBe(false);
    expect(matchesEtag(undefined, '"a"')).toBe(false);
  });
});

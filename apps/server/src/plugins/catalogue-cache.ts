import { createHash } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { Redis } from "ioredis";
import type { z } from "zod";
import { HttpError } from "../lib/http-errors";

/** What a write changes: the tools (with their stock) or the reviews. */
export type CatalogueScope = "tools" | "reviews";
const SCOPES: readonly CatalogueScope[] = ["tools", "reviews"];

export interface CachedRead<T> {
  scope: CatalogueScope;
  /** Unique within the scope, e.g. "list" or `tool:${id}`. */
  key: string;
  /** The route's response schema: the body is what Fastify's serializer would have sent. */
  schema: z.ZodType<T>;
  /** Reads the database; `undefined` means "not found": never cached, answered 404 with `notFound`. */
  load: () => Promise<T | undefined>;
  /** The 404's sentence, for reads that can find nothing (one tool by id). */
  notFound?: string;
}

export interface CatalogueCache {
  /**
   * Forgets every cached body of the scope, here and (through Redis) in every other process. Call it
   * after the write has committed; it never throws.
   */
  invalidate(scope: CatalogueScope): Promise<void>;
  /**
   * Answers a GET from the cache: 200 with the body and a strong ETag, or 304 when If-None-Match
   * matches. A body in memory is sent at once and nothing is returned, so the route's handler need not
   * be async (an async handler costs every request its promises). On a miss it answers a promise that
   * settles once the database has been read and the answer sent, or rejects with a 404 when `load`
   * found nothing. The route returns what it answers.
   */
  serve<T>(request: FastifyRequest, reply: FastifyReply, read: CachedRead<T>): Promise<void> | undefined;
  /**
   * "single-process" without REDIS_URL; "shared" while other processes' invalidations reach this one;
   * "degraded" while they cannot (bodies then expire after DEGRADED_TTL_MS).
   */
  readonly mode: "single-process" | "shared" | "degraded";
}

declare module "fastify" {
  interface FastifyInstance {
    /** The serialized catalogue (GET /tools, /tools/:id, /review), invalidated on every write. */
    catalogueCache: CatalogueCache;
  }
}

export const CATALOGUE_CHANNEL = "toolshop:catalogue:invalidate";

/**
 * How long a body may be served while this process cannot hear other processes' invalidations
 * (REDIS_URL set but the subscriber connection is down): other processes' writes then show here
 * within this time. Without REDIS_URL there is one process and no TTL; with a working subscriber
 * there is none either, since every write anywhere reaches us.
 */
export const DEGRADED_TTL_MS = 1500;

// Start-up waits this long for the subscriber before serving in degraded mode (as plugins/redis.ts).
const FIRST_SUBSCRIBE_WAIT_MS = 2000;

interface Entry {
  body: Buffer;
  etag: string;
  storedAt: number;
}

interface ScopeState {
  /** Bumped by every invalidation: a load that started under an older generation is not stored. */
  generation: number;
  entries: Map<string, Entry>;
  /** One database read per key at a time; concurrent misses share it. */
  loading: Map<string, Promise<Entry | undefined>>;
}

export async function registerCatalogueCache(
  app: FastifyInstance,
  redisUrl: string | undefined,
): Promise<void> {
  const scopes = new Map<CatalogueScope, ScopeState>(
    SCOPES.map((scope) => [scope, { generation: 0, entries: new Map(), loading: new Map() }]),
  );
  const subscriber = redisUrl ? await subscribe(app, redisUrl, onRemoteInvalidation, clearAll) : undefined;

  function forget(scope: CatalogueScope): void {
    const state = scopes.get(scope);
    if (!state) return;
    state.generation++;
    state.entries.clear();
    state.loading.clear();
  }
  function clearAll(): void {
    for (const scope of SCOPES) forget(scope);
  }
  function onRemoteInvalidation(message: string): void {
    if ((SCOPES as readonly string[]).includes(message)) forget(message as CatalogueScope);
  }

  /** Without Redis there is one process: entries live until invalidated. */
  function isFresh(entry: Entry): boolean {
    if (!subscriber || subscriber.listening) return true;
    return performance.now() - entry.storedAt < DEGRADED_TTL_MS;
  }

  function cachedEntry<T>(read: CachedRead<T>): Entry | undefined {
    const cached = (scopes.get(read.scope) as ScopeState).entries.get(read.key);
    return cached && isFresh(cached) ? cached : undefined;
  }

  async function entryFor<T>(read: CachedRead<T>): Promise<Entry | undefined> {
    const cached = cachedEntry(read);
    if (cached) return cached;
    const state = scopes.get(read.scope) as ScopeState;
    const pending = state.loading.get(read.key);
    if (pending) return pending;

    const generation = state.generation;
    const loading = read.load().then((value) => {
      if (value === undefined) return undefined;
      const body = Buffer.from(JSON.stringify(read.schema.parse(value)));
      const entry: Entry = { body, etag: etagOf(body), storedAt: performance.now() };
      // An invalidation during the read may have come after the row we read: keep it uncached.
      if (state.generation === generation) state.entries.set(read.key, entry);
      return entry;
    });
    state.loading.set(read.key, loading);
    const forgetLoading = () => {
      if (state.loading.get(read.key) === loading) state.loading.delete(read.key);
    };
    loading.then(forgetLoading, forgetLoading);
    return loading;
  }

  const cache: CatalogueCache = {
    get mode() {
      if (!subscriber) return "single-process";
      return subscriber.listening ? "shared" : "degraded";
    },

    async invalidate(scope) {
      forget(scope);
      if (!app.redis) return;
      try {
        await app.redis.publish(CATALOGUE_CHANNEL, scope);
      } catch (error) {
        // The write stands; other processes converge through their degraded TTL (their subscriber
        // lost the same Redis).
        app.log.warn({ err: error, scope }, "catalogue cache: could not publish an invalidation");
      }
    },

    serve(request, reply, read) {
      const cached = cachedEntry(read);
      if (cached) {
        answer(request, reply, cached);
        return undefined;
      }
      return entryFor(read).then((entry) => {
        if (!entry) throw new HttpError(404, read.notFound ?? "Not found.");
        answer(request, reply, entry);
      });
    },
  };
  app.decorate("catalogueCache", cache);
}

function answer(request: FastifyRequest, reply: FastifyReply, entry: Entry): void {
  // no-cache: browsers and proxies may keep the body but must revalidate it, which costs a 304.
  reply.header("cache-control", "no-cache").header("etag", entry.etag);
  if (matchesEtag(request.headers["if-none-match"], entry.etag)) reply.code(304).send();
  else reply.type("application/json; charset=utf-8").send(entry.body);
}

function etagOf(body: Buffer): string {
  return `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
}

/** If-None-Match uses the weak comparison (RFC 9110 13.1.2): W/ is ignored; "*" matches anything. */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(",").some((candidate) => {
    const tag = candidate.trim();
    return tag === "*" || tag === etag || tag === `W/${etag}`;
  });
}

interface Subscriber {
  /** True while subscribed: every invalidation published anywhere reaches this process. */
  readonly listening: boolean;
}

/**
 * A dedicated connection (a subscribed Redis connection can run no other command). Redis going
 * away must degrade, never fail: errors are logged once, `listening` turns false (the cache then
 * serves bodies for DEGRADED_TTL_MS at most), and ioredis keeps reconnecting. On every
 * (re)subscription the whole cache is dropped, since invalidations published meanwhile were lost.
 */
async function subscribe(
  app: FastifyInstance,
  redisUrl: string,
  onMessage: (message: string) => void,
  onResubscribed: () => void,
): Promise<Subscriber> {
  const connection = new Redis(redisUrl, {
    // Subscribed by hand on every "ready", so that `listening` is only true once SUBSCRIBE answered.
    autoResubscribe: false,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectionName: "toolshop-catalogue-cache",
  });
  const state = { listening: false, reported: false, closing: false };
  let firstSubscription = () => {};
  const subscribedOnce = new Promise<void>((resolve) => {
    firstSubscription = resolve;
  });

  connection.on("message", (channel: string, message: string) => {
    if (channel === CATALOGUE_CHANNEL) onMessage(message);
  });
  connection.on("ready", () => {
    connection.subscribe(CATALOGUE_CHANNEL).then(
      () => {
        onResubscribed();
        state.listening = true;
        if (state.reported) app.log.info("catalogue cache: hearing other processes' invalidations again");
        state.reported = false;
        firstSubscription();
      },
      (error: unknown) => connection.emit("error", error),
    );
  });
  connection.on("close", () => {
    state.listening = false;
  });
  connection.on("error", (error: Error) => {
    state.listening = false;
    if (state.reported || state.closing) return;
    state.reported = true;
    app.log.warn(
      { err: error },
      `catalogue cache: Redis is unreachable; cached bodies now expire after ${DEGRADED_TTL_MS} ms`,
    );
  });

  // Subscribed, or serving in degraded mode after the wait; ioredis keeps trying in the background.
  await Promise.race([subscribedOnce, sleep(FIRST_SUBSCRIBE_WAIT_MS, undefined, { ref: false })]);

  app.addHook("onClose", async () => {
    state.closing = true;
    state.listening = false;
    if (connection.status === "ready") await connection.quit().catch(() => connection.disconnect());
    else connection.disconnect();
  });
  return {
    get listening() {
      return state.listening;
    },
  };
}

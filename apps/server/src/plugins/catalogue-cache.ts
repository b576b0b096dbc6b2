import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import { type CachedBody, cachedBody, sendCachedBody } from "../lib/cached-body";
import type { DomainEventType } from "../lib/domain-events";
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

/**
 * The domain events that change what the catalogue shows (an order reserves or releases stock), and
 * the scope each one drops. The cache hears them on every process (plugins/domain-events.ts), so a
 * write cannot forget to invalidate it.
 */
export const INVALIDATED_BY: Readonly<Partial<Record<DomainEventType, CatalogueScope>>> = {
  ToolChanged: "tools",
  OrderPlaced: "tools",
  OrderCancelled: "tools",
  OrderRefunded: "tools",
  ReviewChanged: "reviews",
};

export interface CatalogueCache {
  /**
   * Answers a GET from the cache: 200 with the body and a strong ETag, brotli or gzip when the client
   * takes them (compressed once per body: 3 MB of JSON at 10,000 tools), or 304 when If-None-Match
   * matches (lib/cached-body.ts). On a miss the database is read once for all concurrent requests;
   * `load` finding nothing rejects with a 404. The route returns what it answers.
   */
  serve<T>(request: FastifyRequest, reply: FastifyReply, read: CachedRead<T>): Promise<void>;
  /**
   * "single-process" without REDIS_URL; "shared" while other processes' events reach this one;
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

/**
 * How long a body may be served while this process cannot hear other processes' events (REDIS_URL
 * set but the subscriber connection is down): other processes' writes then show here within this
 * time. Without REDIS_URL there is one process and no TTL; with a working subscriber there is none
 * either, since every write anywhere reaches us.
 */
export const DEGRADED_TTL_MS = 1500;

const JSON_TYPE = "application/json; charset=utf-8";

interface Entry extends CachedBody {
  storedAt: number;
}

interface ScopeState {
  /** Bumped by every invalidation: a load that started under an older generation is not stored. */
  generation: number;
  entries: Map<string, Entry>;
  /** One database read per key at a time; concurrent misses share it. */
  loading: Map<string, Promise<Entry | undefined>>;
}

/** Decorates `app.catalogueCache`; needs `app.events` (plugins/domain-events.ts). */
export function registerCatalogueCache(app: FastifyInstance): void {
  const { events } = app;
  const scopes = new Map<CatalogueScope, ScopeState>(
    SCOPES.map((scope) => [scope, { generation: 0, entries: new Map(), loading: new Map() }]),
  );
  const invalidating = Object.keys(INVALIDATED_BY) as DomainEventType[];
  events.subscribe(invalidating, "every-process", (event) => {
    const scope = INVALIDATED_BY[event.type];
    if (scope) forget(scope);
  });
  // Events published while this process could not hear them were lost: start from the database.
  events.onResubscribed(clearAll);

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
  /** Without Redis there is one process: entries live until invalidated. */
  function isFresh(entry: Entry): boolean {
    if (events.mode !== "degraded") return true;
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
      const body = cachedBody(JSON.stringify(read.schema.parse(value)), JSON_TYPE);
      const entry: Entry = { ...body, storedAt: performance.now() };
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
      return events.mode;
    },

    async serve(request, reply, read) {
      const entry = cachedEntry(read) ?? (await entryFor(read));
      if (!entry) throw new HttpError(404, read.notFound ?? "Not found.");
      sendCachedBody(request, reply, entry);
    },
  };
  app.decorate("catalogueCache", cache);
}

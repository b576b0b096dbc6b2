import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import { type CachedBody, cachedBody, sendCachedBody } from "../lib/cached-body";
import type { DomainEventType } from "../lib/domain-events";
import { HttpError } from "../lib/http-errors";
import { createDerivedCache, type DerivedCache } from "./derived-cache";

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
  // The tree (GET /categories) and the tools' answers, which show their category's name and path.
  CategoryChanged: "tools",
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
    /** The serialized catalogue (GET /tools, /tools/:id, /categories, /review), invalidated on every write. */
    catalogueCache: CatalogueCache;
  }
}

export { DEGRADED_TTL_MS } from "./derived-cache";

/** The events that drop the "tools" scope (stock included). */
export const TOOLS_CHANGED_BY = eventsDropping("tools");

/**
 * At most this many bodies are kept per scope: a tool's and its reviews' for each of 10,000 tools (the
 * largest catalogue measured), the lists and the searches.
 */
export const CATALOGUE_BODIES_KEPT = 20_000;

const JSON_TYPE = "application/json; charset=utf-8";

function eventsDropping(scope: CatalogueScope): DomainEventType[] {
  return (Object.keys(INVALIDATED_BY) as DomainEventType[]).filter((type) => INVALIDATED_BY[type] === scope);
}

/** The body `read` answers, as Fastify's serializer would have sent it; undefined when it finds nothing. */
async function bodyOf<T>(read: CachedRead<T>): Promise<CachedBody | undefined> {
  const value = await read.load();
  return value === undefined ? undefined : cachedBody(JSON.stringify(read.schema.parse(value)), JSON_TYPE);
}

/**
 * Decorates `app.catalogueCache`, keeping up to `bodiesKept` bodies per scope; needs `app.events`
 * (plugins/domain-events.ts).
 */
export function registerCatalogueCache(app: FastifyInstance, bodiesKept = CATALOGUE_BODIES_KEPT): void {
  const { events } = app;
  const scopes = new Map<CatalogueScope, DerivedCache>(
    SCOPES.map((scope) => [
      scope,
      createDerivedCache(app, { invalidatedBy: eventsDropping(scope), maxEntries: bodiesKept }),
    ]),
  );

  const cache: CatalogueCache = {
    get mode() {
      return events.mode;
    },

    async serve(request, reply, read) {
      const bodies = scopes.get(read.scope) as DerivedCache;
      // A kept body is sent without waiting on a promise: the catalogue's reads are most of the API's calls.
      const entry = bodies.kept<CachedBody>(read.key) ?? (await bodies.get(read.key, () => bodyOf(read)));
      if (!entry) throw new HttpError(404, read.notFound ?? "Not found.");
      sendCachedBody(request, reply, entry);
    },
  };
  app.decorate("catalogueCache", cache);
}

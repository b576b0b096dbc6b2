import type { FastifyInstance } from "fastify";
import { LRUCache } from "lru-cache";
import type { DomainEventType } from "../lib/domain-events";

/**
 * How long a value may be answered while this process cannot hear other processes' events (REDIS_URL
 * set but the subscriber connection is down): other processes' writes then show here within this
 * time. Without REDIS_URL there is one process and no TTL; with a working subscriber there is none
 * either, since every write anywhere reaches us.
 */
export const DEGRADED_TTL_MS = 1500;

/**
 * Values derived from the database (the catalogue's bodies, product pages, the sitemap, search counts),
 * kept until what they derive from changes.
 */
export interface DerivedCache {
  /**
   * The value under `key`; `load` runs once until the next change, concurrent misses share it. An
   * undefined value (nothing found) is not kept.
   */
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
  /** The value kept under `key`, without loading (undefined while none is, or while it is loading). */
  kept<T>(key: string): T | undefined;
}

export interface DerivedCacheOptions {
  /** The domain events that change the values: each one drops every value, on every process. */
  invalidatedBy: readonly DomainEventType[];
  /** At most this many values are kept, the least recently used going first. */
  maxEntries: number;
}

type Load = () => Promise<unknown>;

interface Kept {
  value: unknown;
  storedAt: number;
}

/**
 * What a load that found nothing rejects with. A load resolving to undefined after a change emptied
 * the cache would reject with lru-cache's abort reason instead; this one is answered as undefined.
 */
const NOTHING_FOUND = Symbol("nothing found");

/**
 * An LRU cache (lru-cache) that the named domain events empty, on every process; a resubscription
 * empties it too (events may have been missed meanwhile). While other processes cannot be heard
 * (degraded), values older than DEGRADED_TTL_MS are loaded again.
 */
export function createDerivedCache(
  app: FastifyInstance,
  { invalidatedBy, maxEntries }: DerivedCacheOptions,
): DerivedCache {
  const { events } = app;
  const cache = new LRUCache<string, Kept, Load>({
    max: maxEntries,
    // A change dropping a load under way keeps its value out of the cache (the rows it read may
    // predate the change), but still answers it to the requests that were waiting for it.
    ignoreFetchAbort: true,
    fetchMethod: async (_key, _stale, { context }) => {
      const value = await context();
      if (value === undefined) throw NOTHING_FOUND;
      return { value, storedAt: performance.now() };
    },
  });
  const forget = () => cache.clear();
  events.subscribe([...invalidatedBy], "every-process", forget);
  events.onResubscribed(forget);

  // Not lru-cache's TTL: a value only expires while the mode is degraded, yet counts its age from
  // when it was stored (lru-cache would also stop moving expired values up its recency list).
  const isFresh = (kept: Kept) =>
    events.mode !== "degraded" || performance.now() - kept.storedAt < DEGRADED_TTL_MS;

  return {
    async get<T>(key: string, load: () => Promise<T>): Promise<T> {
      const kept = cache.get(key);
      if (kept && isFresh(kept)) return kept.value as T;
      try {
        // A value too old is loaded again (concurrent callers share that load too).
        const loaded = await cache.fetch(key, { context: load, forceRefresh: kept !== undefined });
        return loaded?.value as T;
      } catch (error) {
        if (error === NOTHING_FOUND) return undefined as T;
        throw error;
      }
    },
    kept<T>(key: string) {
      const kept = cache.get(key);
      return kept && isFresh(kept) ? (kept.value as T) : undefined;
    },
  };
}

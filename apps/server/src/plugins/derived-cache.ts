import type { FastifyInstance } from "fastify";
import type { DomainEventType } from "../lib/domain-events";
import { DEGRADED_TTL_MS, INVALIDATED_BY } from "./catalogue-cache";

/** Values derived from the database (product pages, the sitemap, search counts), kept until what they derive from changes. */
export interface DerivedCache {
  /**
   * The value under `key`; `load` runs once until the next change, concurrent misses share it. An
   * undefined value (nothing found) is not kept.
   */
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
}

export interface DerivedCacheOptions {
  /** The domain events that change the values: each one drops every value, on every process. */
  invalidatedBy: readonly DomainEventType[];
  /** At most this many values are kept, the least recently used going first. */
  maxEntries: number;
}

interface Entry {
  value: unknown;
  storedAt: number;
}

/** The events that drop the catalogue cache's "tools" scope (stock included). */
export const TOOLS_CHANGED_BY = (Object.keys(INVALIDATED_BY) as DomainEventType[]).filter(
  (type) => INVALIDATED_BY[type] === "tools",
);

/**
 * The same rule as the API's catalogue cache (plugins/catalogue-cache.ts), whose answers are JSON
 * replies and cannot be read as values: the events named drop everything, on every process; a
 * resubscription starts afresh; while other processes cannot be heard (degraded), values expire
 * after DEGRADED_TTL_MS.
 */
export function createDerivedCache(
  app: FastifyInstance,
  { invalidatedBy, maxEntries }: DerivedCacheOptions,
): DerivedCache {
  let generation = 0;
  const entries = new Map<string, Entry>();
  const loading = new Map<string, Promise<unknown>>();
  const forget = () => {
    generation++;
    entries.clear();
    loading.clear();
  };
  app.events.subscribe([...invalidatedBy], "every-process", forget);
  app.events.onResubscribed(forget);

  const isFresh = (entry: Entry) =>
    app.events.mode !== "degraded" || performance.now() - entry.storedAt < DEGRADED_TTL_MS;

  return {
    get<T>(key: string, load: () => Promise<T>): Promise<T> {
      const cached = entries.get(key);
      if (cached && isFresh(cached)) {
        // Map keeps insertion order: moving the entry to the end makes the first one the least used.
        entries.delete(key);
        entries.set(key, cached);
        return Promise.resolve(cached.value as T);
      }
      const pending = loading.get(key);
      if (pending) return pending as Promise<T>;

      const started = generation;
      const promise = load().then((value) => {
        // A change during the read may have come after the rows we read: keep the value uncached.
        if (value !== undefined && generation === started) {
          entries.delete(key);
          entries.set(key, { value, storedAt: performance.now() });
          for (const oldest of entries.keys()) {
            if (entries.size <= maxEntries) break;
            entries.delete(oldest);
          }
        }
        return value;
      });
      loading.set(key, promise);
      const done = () => {
        if (loading.get(key) === promise) loading.delete(key);
      };
      promise.then(done, done);
      return promise;
    },
  };
}

import type { FastifyInstance } from "fastify";
import type { DomainEventType } from "../../lib/domain-events";
import { DEGRADED_TTL_MS, INVALIDATED_BY } from "../../plugins/catalogue-cache";

/**
 * At most this many values are kept, the least recently used going first: a crawler walking through
 * a catalogue of 10,000 tools must not keep 10,000 pages (about 25 KB each with their compressed forms).
 */
export const STOREFRONT_CACHE_ENTRIES = 500;

/** Values derived from the tools (pages, the sitemap), kept until the catalogue changes. */
export interface StorefrontCache {
  /**
   * The value under `key`; `load` runs once until the next change, concurrent misses share it. An
   * undefined value (nothing found) is not kept.
   */
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
}

interface Entry {
  value: unknown;
  storedAt: number;
}

/**
 * The same rule as the API's catalogue cache (plugins/catalogue-cache.ts), whose answers are JSON
 * replies and cannot be read as values: every event that drops its "tools" scope drops everything
 * here, on every process, and so does ReviewChanged (the pages show reviews; the event does not say
 * which tool's, and reviews change far less often than stock); a resubscription starts afresh; while other processes cannot be heard
 * (degraded), values expire after DEGRADED_TTL_MS.
 */
export function createStorefrontCache(
  app: FastifyInstance,
  maxEntries = STOREFRONT_CACHE_ENTRIES,
): StorefrontCache {
  let generation = 0;
  const entries = new Map<string, Entry>();
  const loading = new Map<string, Promise<unknown>>();
  const forget = () => {
    generation++;
    entries.clear();
    loading.clear();
  };
  // The product pages show their tool's reviews too (issue 12).
  const invalidating: DomainEventType[] = [
    ...(Object.keys(INVALIDATED_BY) as DomainEventType[]).filter((type) => INVALIDATED_BY[type] === "tools"),
    "ReviewChanged",
  ];
  app.events.subscribe(invalidating, "every-process", forget);
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

// The admins' order totals past EXACT_TOTAL_LIMIT are the planner's estimate ("about N"). Finding out
// that a filter has that many matches costs a capped count and an EXPLAIN: two of the Manage orders
// page's four queries. An estimate a few seconds old is as good an "about", so each process answers it
// again for ESTIMATE_KEPT_MS; exact totals are always counted.
import { LRUCache } from "lru-cache";

/** How long a filter's estimated total is answered without counting again. */
export const ESTIMATE_KEPT_MS = 10_000;
/** At most this many filters' estimates are kept; the least recently used goes first. */
export const ESTIMATES_KEPT = 1_000;

export interface EstimatedTotals {
  /** The estimate kept for this filter, if it is no older than ESTIMATE_KEPT_MS. */
  get(filterKey: string): number | undefined;
  set(filterKey: string, estimate: number): void;
}

export function createEstimatedTotals({ now = Date.now } = {}): EstimatedTotals {
  // ttlResolution 0: the clock is read on every call, never remembered between two (tests move it).
  const kept = new LRUCache<string, number>({
    max: ESTIMATES_KEPT,
    ttl: ESTIMATE_KEPT_MS,
    ttlResolution: 0,
    perf: { now },
  });
  return {
    get: (filterKey) => kept.get(filterKey),
    set: (filterKey, estimate) => {
      kept.set(filterKey, estimate);
    },
  };
}

// The admins' order totals past EXACT_TOTAL_LIMIT are the planner's estimate ("about N"). Finding out
// that a filter has that many matches costs a capped count and an EXPLAIN: two of the Manage orders
// page's four queries. An estimate a few seconds old is as good an "about", so each process answers it
// again for ESTIMATE_KEPT_MS; exact totals are always counted.

/** How long a filter's estimated total is answered without counting again. */
export const ESTIMATE_KEPT_MS = 10_000;
/** At most this many filters' estimates are kept; the oldest goes first. */
export const ESTIMATES_KEPT = 1_000;

export interface EstimatedTotals {
  /** The estimate kept for this filter, if it is younger than ESTIMATE_KEPT_MS. */
  get(filterKey: string): number | undefined;
  set(filterKey: string, estimate: number): void;
}

export function createEstimatedTotals({ now = Date.now } = {}): EstimatedTotals {
  const kept = new Map<string, { estimate: number; until: number }>();
  return {
    get(filterKey) {
      const entry = kept.get(filterKey);
      if (!entry) return undefined;
      if (entry.until > now()) return entry.estimate;
      kept.delete(filterKey);
      return undefined;
    },
    set(filterKey, estimate) {
      kept.delete(filterKey);
      kept.set(filterKey, { estimate, until: now() + ESTIMATE_KEPT_MS });
      // A Map iterates in insertion order: the first key is the oldest.
      if (kept.size > ESTIMATES_KEPT) kept.delete(kept.keys().next().value as string);
    },
  };
}

import { inject as provided } from "vitest";

declare module "vitest" {
  export interface ProvidedContext {
    /** FUZZ_SEED, or "" when it is not set (apps/server/vitest.config.ts provides it). */
    fuzzSeed: string;
  }
}

/**
 * The fast-check seed of a fuzzing suite. A fixed seed (each suite its own `fallback`) keeps `npm test`
 * repeatable: a failure found once is found again on every run until it is fixed. FUZZ_SEED=random
 * explores new inputs (fast-check prints the seed of a failure to replay it); FUZZ_SEED=<n> replays.
 */
export function fuzzSeed(fallback: number): number {
  const setting = provided("fuzzSeed");
  if (setting === "random") return Date.now();
  return setting ? Number(setting) : fallback;
}

import { defineProject } from "vitest/config";

// One project: every API suite runs on PGlite, and again on PostgreSQL when TEST_DATABASE_URL is set
// (see testDatabaseTargets in @toolshop/db/test-support); the Redis suites run when REDIS_URL is set.
export default defineProject({
  test: {
    name: "server",
    include: ["src/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    provide: {
      postgresUrl: process.env.TEST_DATABASE_URL ?? "",
      // Rate limits shared through Redis are tested when REDIS_URL is set.
      redisUrl: process.env.REDIS_URL ?? "",
      // The hostile-input fuzzer's seed: "" for its fixed one, "random" to explore (resilience/hostile-input.test.ts).
      fuzzSeed: process.env.FUZZ_SEED ?? "",
    },
  },
});

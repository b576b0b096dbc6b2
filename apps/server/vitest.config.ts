import { defineProject } from "vitest/config";
// Relative: the config's bundler would leave a package import to Node, which cannot load TypeScript.
import { PGLITE_NODE_FLAGS } from "../../packages/db/src/pglite";

// One project: every API suite runs on PGlite, and again on PostgreSQL when TEST_DATABASE_URL is set
// (see testDatabaseTargets in @toolshop/db/test-support); the Redis suites run when REDIS_URL is set.
export default defineProject({
  test: {
    name: "server",
    include: ["src/**/*.test.ts"],
    // Files share their worker's module graph instead of importing the app again each (about 2.5 s
    // of CPU a file on a slow machine: 348 s became 290 s for this project and db's on two cores).
    // Every file builds its own app, database and ports, so they share code, not state. Module mocks
    // would leak between files this way: testing/shared-module-graph.test.ts refuses them here.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // The workers run PGlite in process, as the server does: with its flags (packages/db/src/pglite.ts).
    execArgv: [...PGLITE_NODE_FLAGS],
    provide: {
      postgresUrl: process.env.TEST_DATABASE_URL ?? "",
      // Rate limits shared through Redis are tested when REDIS_URL is set.
      redisUrl: process.env.REDIS_URL ?? "",
      // The hostile-input fuzzer's seed: "" for its fixed one, "random" to explore (resilience/hostile-input.test.ts).
      fuzzSeed: process.env.FUZZ_SEED ?? "",
    },
  },
});

import { defineProject } from "vitest/config";
import { PGLITE_NODE_FLAGS } from "./src/pglite";

export default defineProject({
  test: {
    name: "db",
    include: ["src/**/*.test.ts"],
    // PGlite starts in about a second; PostgreSQL templates are built once per run.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // The workers run PGlite as the server does: with its flags (src/pglite.ts).
    execArgv: [...PGLITE_NODE_FLAGS],
    provide: {
      // Empty when unset: the PostgreSQL suites are then skipped, with that reason in their title.
      postgresUrl: process.env.TEST_DATABASE_URL ?? "",
    },
  },
});

import os from "node:os";
import { defineConfig } from "vitest/config";

// Each workspace package owns its Vitest project config (the server's adds a PostgreSQL project when
// TEST_DATABASE_URL is set); this root file only gathers them so one `vitest run` covers everything.
export default defineConfig({
  test: {
    projects: ["packages/*/vitest.config.ts", "apps/*/vitest.config.ts", "scripts/vitest.config.mjs"],
    // Vitest's default is one file at a time per core but one, which on two cores is one file at a
    // time. Most files spend their time waiting (PostgreSQL, child servers, timeouts), so two at once
    // keep both cores busy: 402 s became 256 s on two cores. Files share nothing but the servers, each
    // one creating its own database, key prefix and ports.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
  },
});

import { defineConfig } from "vitest/config";

// Each workspace package owns its Vitest project config (the server's adds a PostgreSQL project when
// TEST_DATABASE_URL is set); this root file only gathers them so one `vitest run` covers everything.
export default defineConfig({
  test: {
    projects: ["packages/*/vitest.config.ts", "apps/*/vitest.config.ts"],
  },
});

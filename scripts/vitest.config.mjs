import { defineProject } from "vitest/config";

// The checks of the repository's own shape (import boundaries, the lint rules that keep it), which
// belong to no one workspace.
export default defineProject({
  test: {
    name: "repo",
    include: ["**/*.test.mjs"],
    testTimeout: 60_000,
  },
});

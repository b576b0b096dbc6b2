import { defineProject } from "vitest/config";

// The schemas' own rules, tested without a server or a browser.
export default defineProject({
  test: {
    name: "shared",
    include: ["src/**/*.test.ts"],
  },
});

// A Vitest reporter that keeps the errors thrown outside any test (unhandled rejections, errors in
// timers after a test ended). Vitest prints them early in a long log; `npm test` repeats a digest of
// this file next to its summary, so a CI log that keeps only its tail still says what went wrong.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

export default class UnhandledErrorsReporter {
  constructor(options = {}) {
    this.outputFile = options.outputFile ?? "test-results/vitest-unhandled.json";
  }

  onTestRunEnd(_testModules, unhandledErrors) {
    const errors = unhandledErrors.map((error) => ({
      name: error?.name ?? "Error",
      message: String(error?.message ?? error).slice(0, 500),
      // Vitest notes the test file (and test) that was running when the error was thrown.
      file: error?.VITEST_TEST_PATH ?? "",
      test: error?.VITEST_TEST_NAME ?? "",
      stack: String(error?.stack ?? "")
        .split("\n")
        .slice(1, 6)
        .map((line) => line.trim())
        .join("\n"),
    }));
    mkdirSync(path.dirname(this.outputFile), { recursive: true });
    writeFileSync(this.outputFile, `${JSON.stringify(errors, null, 2)}\n`);
  }
}

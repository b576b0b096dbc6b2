import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 4173);
// The server's DATA_DIR for this run, named here (e2e/start-server.mjs creates and removes it) so
// that the spec workers, which inherit this process's environment, can read its mail outbox.
process.env.E2E_DATA_DIR ??= path.join(os.tmpdir(), `toolshop-e2e-${Date.now().toString(36)}-${process.pid}`);
const baseURL = `http://127.0.0.1:${port}`;
// The Node that runs the shop under test: E2E_NODE (npm test sets it to Node 24 in CI, the container's
// Node; docs/decisions/0010-node-24.md), else this one. The browser side does not depend on it.
const serverNode = process.env.E2E_NODE ?? process.execPath;

export default defineConfig({
  testDir: "e2e",
  // The shared admin account, signed up and verified once (the web server is up by then).
  globalSetup: "./e2e/global-setup.ts",
  outputDir: "test-results/playwright",
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"], ["json", { outputFile: "test-results/playwright.json" }]],
  // Two workers, a production server and Chromium share two cores: give the web-first assertions room,
  // and each test twice Playwright's 30 s (test.slow() triples it). On a machine whose memory is slow
  // to hand out (11 µs a page fault on 2026-11-26; decision 0010), the suite ran 3x longer and tests
  // that pass in 17 s alone ran out of 30 s.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    browserName: "chromium",
    // Debian's Chromium, never a downloaded browser.
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
    // A trace of the retry only (CI retries once): recording every test's trace took the accounts
    // and rough-edges specs from 156-157 s to 248-253 s on a slow hour (2026-11-27), on two cores
    // that the browsers, the server and the recorder share. A failure still leaves its page snapshot
    // (error-context.md); `--trace on` records all while working on a spec.
    trace: "on-first-retry",
  },
  webServer: {
    // Builds once, then serves the built app from a fresh temporary DATA_DIR (see e2e/start-server.mjs).
    command: `${JSON.stringify(serverNode)} e2e/start-server.mjs`,
    url: `${baseURL}/api/healthz`,
    env: { PORT: String(port), E2E_DATA_DIR: process.env.E2E_DATA_DIR },
    reuseExistingServer: false,
    timeout: 300_000,
    // SIGTERM lets the server shut down and the start script remove its temporary DATA_DIR.
    gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
    stdout: "pipe",
    stderr: "pipe",
  },
});

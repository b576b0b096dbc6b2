#!/usr/bin/env node
// `npm test`: lint, typecheck, Vitest (all projects) and Playwright, in that order, plus the server's and
// database's Vitest projects again on Node 24 when NODE24_BIN names a Node 24 executable (.ci/run sets
// it); the shop that Playwright drives then runs on Node 24 as well. Every step runs even
// when an earlier one failed, so one run shows every problem. The last line is always
// "N passed, N failed" (lint and typecheck count as one check each) and the exit code is non-zero when
// anything failed, including a step that crashed without writing its report.
import { spawnSync } from "node:child_process";
import {
  accessSync,
  constants,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { stripVTControlCharacters } from "node:util";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const bin = (name) => path.join(root, "node_modules", ".bin", name);
const reportDir = path.join(root, "test-results");
const vitestReport = path.join(reportDir, "vitest.json");
const playwrightReport = path.join(reportDir, "playwright.json");
const vitestUnhandled = path.join(reportDir, "vitest-unhandled.json");
const vitestNode24Report = path.join(reportDir, "vitest-node24.json");
const vitestNode24Unhandled = path.join(reportDir, "vitest-node24-unhandled.json");
// A Node 24 executable to run the Vitest suite a second time with (docs/decisions/0010-node-24.md).
const node24 = process.env.NODE24_BIN;
/** Vitest's file filters for the Node 24 pass: the suites of what the runtime does (decision 0010). */
const NODE24_PATHS = [
  "packages/db/src/",
  "apps/server/src/resilience/",
  "apps/server/src/security/",
  "apps/server/src/plugins/",
  "apps/server/src/lib/",
  "apps/server/src/deploy/",
  "apps/server/src/cli/",
  "apps/server/src/features/payments/",
  "apps/server/src/features/uploads/",
  "apps/server/src/features/invoices/",
  "apps/server/src/server.test.ts",
  "apps/server/src/app.test.ts",
  "apps/server/src/env.test.ts",
];

const chromePath = findChromium();
mkdirSync(reportDir, { recursive: true });
const env = { ...process.env, CHROME_PATH: chromePath };
const results = [];

step("lint", () => countExit(run(bin("biome"), ["check", "."])));
step("typecheck", () => countExit(run("npm", ["run", "--silent", "typecheck"])));
step("vitest", () => {
  rmSync(vitestReport, { force: true });
  rmSync(vitestUnhandled, { force: true });
  const status = run(bin("vitest"), [
    "run",
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${vitestReport}`,
    "--reporter=./scripts/vitest-unhandled-errors.mjs",
  ]);
  return withDatabases(countVitest(vitestReport, status));
});
if (node24) {
  step("vitest (node 24)", () => {
    if (!isExecutable(node24)) {
      console.error(`NODE24_BIN=${node24} is not an executable file.`);
      return { passed: 0, failed: 1, note: "NODE24_BIN is not executable" };
    }
    rmSync(vitestNode24Report, { force: true });
    rmSync(vitestNode24Unhandled, { force: true });
    // The unhandled-errors reporter always writes vitest-unhandled.json: keep the first run's file aside
    // meanwhile, then give this run's its own name.
    const firstRunUnhandled = existsSync(vitestUnhandled) ? readFileSync(vitestUnhandled) : undefined;
    rmSync(vitestUnhandled, { force: true });
    // Node 24 first on PATH too, for anything the tests start by name; they mostly use process.execPath.
    const node24Env = { ...env, PATH: [path.dirname(node24), env.PATH].filter(Boolean).join(path.delimiter) };
    const status = run(
      node24,
      [
        path.join(root, "node_modules", "vitest", "vitest.mjs"),
        "run",
        // The code the container runs on Node 24. The web project's components run in the browser;
        // on Node they only meet jsdom, so a second Node adds nothing there (decision 0010).
        "--project=server",
        "--project=db",
        // Only where the two Nodes can differ: the runtime's own surface (HTTP parsing and sockets,
        // child processes, signals, crypto, files, PGlite's WASM). The features' suites drive the same
        // libraries through app.inject on top of that surface; they run once, on the machine's Node.
        ...NODE24_PATHS,
        "--reporter=default",
        "--reporter=json",
        `--outputFile.json=${vitestNode24Report}`,
        "--reporter=./scripts/vitest-unhandled-errors.mjs",
      ],
      node24Env,
    );
    if (existsSync(vitestUnhandled)) renameSync(vitestUnhandled, vitestNode24Unhandled);
    if (firstRunUnhandled) writeFileSync(vitestUnhandled, firstRunUnhandled);
    const counts = withDatabases(countVitest(vitestNode24Report, status));
    return { ...counts, note: [nodeVersion(node24), counts.note].filter(Boolean).join(", ") };
  });
}
step("playwright", () => {
  rmSync(playwrightReport, { force: true });
  // playwright.config.ts writes its JSON report to test-results/playwright.json.
  const status = run(bin("playwright"), ["test"], node24 ? { ...env, E2E_NODE: node24 } : env);
  const counts = countPlaywright(status);
  if (!node24) return counts;
  return { ...counts, note: [`server on ${nodeVersion(node24)}`, counts.note].filter(Boolean).join(", ") };
});

printUnhandledErrors("Vitest", vitestUnhandled);
if (node24) printUnhandledErrors("Vitest on Node 24", vitestNode24Unhandled);
printFailedVitest("Vitest", vitestReport);
if (node24) printFailedVitest("Vitest on Node 24", vitestNode24Report);
printFailedPlaywright();
console.log("\nSummary");
const nameWidth = Math.max(11, ...results.map((r) => r.name.length + 1));
for (const r of results) {
  const extra = r.note ? `, ${r.note}` : "";
  console.log(
    `  ${r.name.padEnd(nameWidth)} ${r.passed} passed, ${r.failed} failed${extra} (${r.seconds} s)`,
  );
}
const passed = results.reduce((sum, r) => sum + r.passed, 0);
const failed = results.reduce((sum, r) => sum + r.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exitCode = failed > 0 ? 1 : 0;

function step(name, body) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const counts = body();
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`=== ${name}: ${counts.passed} passed, ${counts.failed} failed in ${seconds} s ===`);
  results.push({ name, ...counts, seconds });
}

function run(command, args, childEnv = env) {
  const child = spawnSync(command, args, { cwd: root, stdio: "inherit", env: childEnv });
  if (child.error) console.error(`${command} could not start: ${child.error.message}`);
  return child.status ?? 1;
}

/** Repeats Vitest's errors outside tests near the end of the log, where a truncated CI log still shows them. */
function printUnhandledErrors(label, file) {
  const errors = readReport(file) ?? [];
  if (errors.length === 0) return;
  console.log(`\n${label}: ${errors.length} errors outside tests (all in ${file}); the first ones:`);
  for (const error of errors.slice(0, 5)) {
    const where = [error.file && path.relative(root, error.file), error.test].filter(Boolean).join(" > ");
    console.log(`- ${error.name}: ${error.message.split("\n")[0]}${where ? ` (during ${where})` : ""}`);
    if (error.stack) console.log(error.stack.replace(/^/gm, "    "));
  }
}

/** Names each failed test with its first error line near the end of the log, where a truncated CI log still shows it. */
function printFailedVitest(label, file) {
  const failures = (readReport(file)?.testResults ?? []).flatMap((result) => {
    const where = path.relative(root, result.name);
    const tests = result.assertionResults.filter((test) => test.status === "failed");
    if (result.status === "failed" && tests.length === 0) return [{ where, message: result.message }];
    return tests.map((test) => ({
      where: `${where} > ${test.fullName}`,
      message: test.failureMessages?.[0],
    }));
  });
  if (failures.length === 0) return;
  console.log(`\n${label}: ${failures.length} failed`);
  for (const { where, message } of failures) console.log(`- ${where}\n    ${firstLine(message)}`);
}

function printFailedPlaywright() {
  const failures = [];
  const visit = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== "unexpected" && test.status !== "flaky") continue;
        const title = [...titles, spec.title].join(" › ");
        const error = test.results?.find((result) => result.error)?.error?.message;
        failures.push(`${test.status}: ${spec.file}:${spec.line} › ${title}\n    ${firstLine(error)}`);
      }
    }
    // The top suites are the files, named already.
    for (const child of suite.suites ?? []) visit(child, [...titles, child.title]);
  };
  for (const file of readReport(playwrightReport)?.suites ?? []) visit(file, []);
  if (failures.length === 0) return;
  console.log(`\nPlaywright: ${failures.length} failed or flaky`);
  for (const failure of failures) console.log(`- ${failure}`);
}

function firstLine(message) {
  // The JSON reports keep the terminal's colour codes.
  return (
    stripVTControlCharacters(message ?? "")
      .split("\n")
      .find((line) => line.trim()) ?? ""
  );
}

function countExit(status) {
  return status === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 };
}

function readReport(file) {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
}

function withDatabases(counts) {
  const databases = process.env.TEST_DATABASE_URL ? "on PGlite and PostgreSQL" : "on PGlite only";
  return { ...counts, note: [counts.note, databases].filter(Boolean).join(", ") };
}

/** "v24.x.y" from the executable itself, for the summary; empty when it does not answer. */
function nodeVersion(executable) {
  const child = spawnSync(executable, ["--version"], { encoding: "utf8" });
  return child.status === 0 ? child.stdout.trim() : "";
}

function countVitest(reportFile, status) {
  const report = readReport(reportFile);
  if (!report) return { passed: 0, failed: 1, note: `no report, exit code ${status}` };
  // A file that fails to load has no test results of its own; count it as one failure.
  const brokenFiles = report.testResults.filter(
    (file) => file.status === "failed" && file.assertionResults.length === 0,
  ).length;
  let failed = report.numFailedTests + brokenFiles;
  const skipped = report.numPendingTests + report.numTodoTests;
  const note = [
    skipped ? `${skipped} skipped` : "",
    brokenFiles ? `${brokenFiles} files failed to load` : "",
  ];
  if (status !== 0 && failed === 0) {
    failed = 1;
    note.push(`exit code ${status} (errors outside tests)`);
  }
  return { passed: report.numPassedTests, failed, note: note.filter(Boolean).join(", ") };
}

function countPlaywright(status) {
  const report = readReport(playwrightReport);
  if (!report?.stats) return { passed: 0, failed: 1, note: `no report, exit code ${status}` };
  const { expected, unexpected, flaky, skipped } = report.stats;
  const note = [flaky ? `${flaky} flaky` : "", skipped ? `${skipped} skipped` : ""];
  // Global errors (the web server did not start, a spec did not load) fail the run without a test result.
  let failed = unexpected + (report.errors?.length ?? 0);
  if (status !== 0 && failed === 0) {
    failed = 1;
    note.push(`exit code ${status}`);
  }
  return { passed: expected + flaky, failed, note: note.filter(Boolean).join(", ") };
}

function findChromium() {
  const candidate = process.env.CHROME_PATH || "/usr/bin/chromium";
  if (isExecutable(candidate)) return candidate;
  const isRoot = process.getuid?.() === 0;
  if (isRoot && existsSync("/etc/debian_version") && !process.env.CHROME_PATH) {
    console.log("Chromium is missing: installing Debian's chromium package.");
    const install = spawnSync("sh", ["-c", "apt-get update && apt-get install -y chromium"], {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
    if (install.status === 0 && isExecutable(candidate)) return candidate;
  }
  console.error(
    `Chromium was not found at ${candidate}: install it (on Debian or Ubuntu: apt-get install chromium) or set CHROME_PATH to a Chromium or Chrome executable.`,
  );
  process.exit(1);
}

function isExecutable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

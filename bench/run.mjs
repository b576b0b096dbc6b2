#!/usr/bin/env node
// `npm run bench`: builds once (under /tmp/e2e.lock, then works on a copy of the build), runs every
// benchmark and writes bench/results/latest.json and bench/results/latest.md. Benchmarks report figures;
// they never fail a build: a benchmark that breaks is reported as such and the others still run.
import { writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { apiRead } from "./api-read.mjs";
import { buildSnapshot, ensureResultsDir, machine, resultsDir, round } from "./lib.mjs";
import { ordersWrite } from "./orders-write.mjs";
import { renderMarkdown } from "./report.mjs";
import { homePageWeight, lighthouse, startup } from "./startup-and-web.mjs";

const started = performance.now();
const results = {
  date: new Date().toISOString(),
  command: "npm run bench",
  machine: machine(),
  notes: [
    "Other work (tests, builds of other developers) may load this machine while it measures; compare the ratios measured side by side, not the absolute figures, between runs.",
  ],
};

async function step(name, work) {
  console.log(`\n=== ${name} ===`);
  const stepStarted = performance.now();
  try {
    results[name] = await work();
    console.log(JSON.stringify(results[name], null, 2));
  } catch (error) {
    results[name] = { failed: error instanceof Error ? error.message : String(error) };
    console.log(`${name} did not finish: ${results[name].failed}`);
  }
  console.log(`(${round((performance.now() - stepStarted) / 1000)} s)`);
}

let buildSeconds;
await step("build", async () => {
  buildSeconds = buildSnapshot();
  return { command: "npm run build", seconds: round(buildSeconds) };
});
await step("apiReadPglite", () => apiRead("pglite"));
await step("apiReadPostgres", () => apiRead("postgres"));
await step("apiWrite", () => ordersWrite());
await step("startup", () => startup(buildSeconds));
await step("webWeight", async () => homePageWeight());
await step("lighthouse", () => lighthouse());

results.machine.loadAverageAtEnd = os.loadavg().map((value) => round(value, 2));
results.totalSeconds = round((performance.now() - started) / 1000);
ensureResultsDir();
writeFileSync(path.join(resultsDir, "latest.json"), `${JSON.stringify(results, null, 2)}\n`);
writeFileSync(path.join(resultsDir, "latest.md"), renderMarkdown(results));
console.log(`\nwritten: bench/results/latest.json and bench/results/latest.md (${results.totalSeconds} s)`);

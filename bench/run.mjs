#!/usr/bin/env node
// `npm run bench`: builds once (under /tmp/e2e.lock, then works on a copy of the build), runs every
// benchmark and writes bench/results/latest.json and bench/results/latest.md. Benchmarks report figures;
// they never fail a build: a benchmark that breaks is reported as such and the others still run.
//   npm run bench -- [--only api-read,api-write,large-api,orders-large,overview,screens,startup,web]
//                    [--no-build]
//                    [--reuse-seed] [--tools N --users N --orders N --reviews N]
// --only runs those parts (the large ones seed first) and writes bench/results/partial.{json,md};
// --reuse-seed takes the large template an earlier run seeded with the same sizes, instead of seeding.
import { writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { apiRead } from "./api-read.mjs";
import { largeApi } from "./large-api.mjs";
import { LARGE_SIZE_OPTIONS, largeTemplate, sizesFrom } from "./large-data.mjs";
import {
  buildSnapshot,
  cpuCalibrationMs,
  ensureResultsDir,
  extraNodeArgs,
  machine,
  resultsDir,
  round,
} from "./lib.mjs";
import { ordersLarge } from "./orders-large.mjs";
import { ordersWrite } from "./orders-write.mjs";
import { ownerOverview } from "./overview.mjs";
import { renderMarkdown } from "./report.mjs";
import { screens } from "./screens.mjs";
import { homePageWeight, lighthouse, startup } from "./startup-and-web.mjs";

const PARTS = ["api-read", "api-write", "large-api", "orders-large", "overview", "screens", "startup", "web"];
const { values: flags } = parseArgs({
  options: {
    only: { type: "string" },
    "no-build": { type: "boolean", default: false },
    ...LARGE_SIZE_OPTIONS,
  },
});
const only = flags.only?.split(",").map((part) => part.trim());
const unknown = only?.filter((part) => !PARTS.includes(part)) ?? [];
if (unknown.length) {
  console.error(`--only: unknown part ${unknown.join(", ")}; the parts are ${PARTS.join(", ")}`);
  process.exit(2);
}
const runs = (part) => !only || only.includes(part);
const sizes = sizesFrom(flags);

const started = performance.now();
const results = {
  date: new Date().toISOString(),
  command: `npm run bench${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(" ")}` : ""}`,
  machine: machine(),
  // Flags the servers got after npm start's: a run with them is not `npm start`'s.
  serverExtraNodeArgs: extraNodeArgs,
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
if (!flags["no-build"]) {
  await step("build", async () => {
    buildSeconds = buildSnapshot();
    return { command: "npm run build", seconds: round(buildSeconds) };
  });
}
if (runs("api-read")) {
  await step("apiReadPglite", () => apiRead("pglite"));
  await step("apiReadPostgres", () => apiRead("postgres"));
}
if (runs("api-write")) await step("apiWrite", () => ordersWrite());

if (runs("large-api") || runs("orders-large") || runs("overview") || runs("screens")) {
  // One seeding for every large-size part; each clones the template.
  await step("largeSeed", () => largeTemplate(sizes, { reuse: flags["reuse-seed"] }));
  const template = results.largeSeed.failed ? undefined : results.largeSeed;
  const needsSeed = () => {
    if (!template) throw new Error("the large seed did not finish");
    return template;
  };
  // The catalogue at the large size against the ceiling and the naive peer: issue 13's row and issue 48's.
  if (runs("large-api") || runs("orders-large")) {
    await step("apiReadLarge", () =>
      apiRead("postgres", { template: needsSeed().name, label: "large size" }),
    );
  }
  if (runs("large-api")) await step("largeApi", () => largeApi(needsSeed()));
  if (runs("orders-large")) await step("ordersLarge", () => ordersLarge(needsSeed()));
  if (runs("overview")) await step("ownerOverview", () => ownerOverview(needsSeed()));
  if (runs("screens")) {
    await step("screens", () => screens(needsSeed()));
    await step("lighthouseLarge", () => lighthouse({ template: needsSeed() }));
  }
}

if (runs("startup")) await step("startup", () => startup(buildSeconds));
if (runs("web")) {
  await step("webWeight", async () => homePageWeight());
  await step("lighthouse", () => lighthouse());
}

results.machine.loadAverageAtEnd = os.loadavg().map((value) => round(value, 2));
results.machine.cpuCalibrationMsAtEnd = cpuCalibrationMs();
results.totalSeconds = round((performance.now() - started) / 1000);
ensureResultsDir();
const name = only ? "partial" : "latest";
writeFileSync(path.join(resultsDir, `${name}.json`), `${JSON.stringify(results, null, 2)}\n`);
writeFileSync(path.join(resultsDir, `${name}.md`), renderMarkdown(results));
console.log(`\nwritten: bench/results/${name}.json and bench/results/${name}.md (${results.totalSeconds} s)`);

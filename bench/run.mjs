#!/usr/bin/env node
// `npm run bench`: runs every benchmark in this folder one after the other. Benchmarks report figures
// (and write them under bench/results/); they never fail a build, so a failed one is reported and the rest run.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const benchmarks = ["orders-write.mjs"];

for (const name of benchmarks) {
  console.log(`\n=== ${name} ===`);
  const run = spawnSync(process.execPath, [path.join(here, name)], { stdio: "inherit" });
  if (run.status !== 0) console.log(`${name} did not finish (exit ${run.status ?? run.signal})`);
}

#!/usr/bin/env node
// The built server's memory on PGlite (decision 0037): resident memory (VmRSS) and its peak (VmHWM)
// from /proc/<pid>/status once it answers, and again after searches that each go to the database.
//   node bench/pglite-memory.mjs [runs] [-- node flags...]
// NODE_BIN picks the Node executable (default: this one); SERVER_JS the bundle (apps/server/dist/server.js).
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { median } from "./proc.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const separator = process.argv.indexOf("--");
const runs = Number(process.argv[2] && process.argv[2] !== "--" ? process.argv[2] : 3);
const nodeFlags = separator === -1 ? [] : process.argv.slice(separator + 1);
const nodeBin = process.env.NODE_BIN ?? process.execPath;
const serverJs = process.env.SERVER_JS ?? path.join(root, "apps/server/dist/server.js");
const port = Number(process.env.PORT ?? 4305);
const base = `http://127.0.0.1:${port}`;
const LOAD_SECONDS = 15;
const CONCURRENCY = 8;
const WORDS = ["drill", "pliers", "tape", "level", "wire", "screw", "volt", "fish", "strip", "measure"];

function memory(pid) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1]);
  return { rssMb: Math.round(kb("VmRSS") / 1024), peakMb: Math.round(kb("VmHWM") / 1024) };
}

async function answers(url) {
  try {
    return (await fetch(url)).status === 200;
  } catch {
    return false;
  }
}

/** Searches with words, which the catalogue cache never keeps: each one reads PGlite. */
async function load() {
  const until = performance.now() + LOAD_SECONDS * 1000;
  let count = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, worker) => {
      for (let i = worker; performance.now() < until; i += CONCURRENCY) {
        const word = WORDS[i % WORDS.length];
        const response = await fetch(`${base}/api/tools/search?q=${word}&sort=price`);
        if (response.status !== 200) throw new Error(`search answered ${response.status}`);
        await response.arrayBuffer();
        count++;
      }
    }),
  );
  return count;
}

async function once() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "toolshop-bench-pglite-memory-"));
  const child = spawn(nodeBin, [...nodeFlags, serverJs], {
    env: {
      PATH: process.env.PATH,
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      RATE_LIMIT_FACTOR: "10000",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  try {
    const started = performance.now();
    while (!(await answers(`${base}/api/tools`))) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
      if (performance.now() - started > 120_000) throw new Error("the server did not answer in 120 s");
      await sleep(100);
    }
    await sleep(2000);
    const afterStart = memory(child.pid);
    const searches = await load();
    await sleep(2000);
    return {
      afterStart,
      afterLoad: memory(child.pid),
      searchesPerSecond: Math.round(searches / LOAD_SECONDS),
    };
  } finally {
    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const results = [];
for (let run = 0; run < runs; run++) results.push(await once());
const pick = (get) => median(results.map(get));
console.log(
  JSON.stringify(
    {
      node: execFileSync(nodeBin, ["--version"], { encoding: "utf8" }).trim(),
      nodeFlags,
      runs,
      medians: {
        rssAfterStartMb: pick((r) => r.afterStart.rssMb),
        peakAfterStartMb: pick((r) => r.afterStart.peakMb),
        rssAfterLoadMb: pick((r) => r.afterLoad.rssMb),
        peakAfterLoadMb: pick((r) => r.afterLoad.peakMb),
        searchesPerSecond: pick((r) => r.searchesPerSecond),
      },
      results,
    },
    null,
    2,
  ),
);

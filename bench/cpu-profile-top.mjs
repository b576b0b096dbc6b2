#!/usr/bin/env node
// The top frames of a V8 CPU profile (node --cpu-prof), by self time: what a row that misses its
// target spends the server's core on. Frames of one function are summed; `(garbage collector)`,
// `(program)` and `(idle)` are V8's own.
//   node bench/cpu-profile-top.mjs <file.cpuprofile> [count=25]
import { readFileSync } from "node:fs";
import path from "node:path";

export function topFrames(file, count = 25) {
  const profile = JSON.parse(readFileSync(file, "utf8"));
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfMicros = new Map();
  const deltas = profile.timeDeltas ?? [];
  profile.samples.forEach((id, index) => {
    selfMicros.set(id, (selfMicros.get(id) ?? 0) + (deltas[index] ?? 0));
  });
  const total = [...selfMicros.values()].reduce((a, b) => a + b, 0);
  const byFrame = new Map();
  for (const [id, micros] of selfMicros) {
    const { functionName, url, lineNumber } = byId.get(id).callFrame;
    const where = url ? `${shorten(url)}:${lineNumber + 1}` : "";
    const key = `${functionName || "(anonymous)"} ${where}`.trim();
    byFrame.set(key, (byFrame.get(key) ?? 0) + micros);
  }
  return [...byFrame]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([frame, micros]) => ({ frame, selfMs: Math.round(micros / 1000), share: round(micros / total) }));
}

/** node_modules/<package>/… or the path from the repository. */
function shorten(url) {
  const text = url.replace(/^file:\/\//, "");
  const modules = text.lastIndexOf("node_modules/");
  return modules >= 0 ? text.slice(modules + "node_modules/".length) : path.relative(process.cwd(), text);
}

const round = (value) => Math.round(value * 1000) / 1000;

if (process.argv[1] && path.resolve(process.argv[1]) === new URL(import.meta.url).pathname) {
  const [file, count] = process.argv.slice(2);
  for (const row of topFrames(file, Number(count ?? 25)))
    console.log(
      `${(row.share * 100).toFixed(1).padStart(5)}%  ${String(row.selfMs).padStart(6)} ms  ${row.frame}`,
    );
}

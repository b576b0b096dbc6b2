// The server's heap flags (decision 0022) are the ones `npm start` passes, and they do size the heap.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { HEAP_FLAGS } from "./heap-flags.mjs";

/** V8 grows and shrinks its heap spaces in pages of 256 KB. */
const V8_PAGE_MB = 0.25;
const packageJson = fileURLToPath(new URL("../../../../package.json", import.meta.url));

/** The young generation's size in MB after a process allocated ~200 MB of short-lived objects. */
function youngGenerationMb(nodeArgs: readonly string[]): number {
  const code = `
    let kept = [];
    for (let i = 0; i < 3e6; i++) { kept.push({ i, text: "row " + i }); if (kept.length > 100000) kept = []; }
    const space = require("node:v8").getHeapSpaceStatistics().find((s) => s.space_name === "new_space");
    console.log(space.space_size / 1048576);`;
  return Number(execFileSync(process.execPath, [...nodeArgs, "-e", code], { encoding: "utf8" }).trim());
}

describe("the server's heap flags", () => {
  it("are the ones npm start passes to node", () => {
    const { scripts } = JSON.parse(readFileSync(packageJson, "utf8"));
    expect(scripts.start).toBe(`npm run build && node ${HEAP_FLAGS.join(" ")} apps/server/dist/server.js`);
  });

  it("keep the young generation at two semi-spaces of 16 MB, whatever the machine's memory", () => {
    // Plus at most one page: Node 24 reported 32.25 MB once, in one clean-clone CI run. Without the
    // flags, Node 24 grows it to 128 MB here.
    expect(youngGenerationMb(HEAP_FLAGS)).toBeLessThanOrEqual(32 + V8_PAGE_MB);
  });
});

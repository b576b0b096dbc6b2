// The server's V8 settings (decision 0021) take effect, and before anything else the server runs.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { V8_FLAGS } from "./v8-tuning";

const tuningModule = fileURLToPath(new URL("./v8-tuning.ts", import.meta.url));
const serverEntry = fileURLToPath(new URL("../server.ts", import.meta.url));

/** V8's tag for cached code hashes its flags: the same tag, the same flags. */
function flagsTag(nodeArgs: string[], loadTuning: boolean): string {
  const load = loadTuning ? `await import(${JSON.stringify(tuningModule)});` : "";
  const code = `import v8 from "node:v8"; ${load} console.log(v8.cachedDataVersionTag());`;
  return execFileSync(process.execPath, ["--import", "tsx", ...nodeArgs, "--input-type=module", "-e", code], {
    encoding: "utf8",
  }).trim();
}

describe("V8 settings", () => {
  it("are those of a process started with the flags on its command line", () => {
    const withModule = flagsTag([], true);
    expect(withModule).toBe(flagsTag([...V8_FLAGS], false));
    expect(withModule).not.toBe(flagsTag([], false));
  });

  it("are the first thing server.ts imports", () => {
    const firstImport = /^import\s+(?:[^"']*from\s+)?["']([^"']+)["']/m.exec(
      readFileSync(serverEntry, "utf8"),
    );
    expect(firstImport?.[1]).toBe("./lib/v8-tuning");
  });
});

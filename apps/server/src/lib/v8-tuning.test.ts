// The server's V8 settings (decision 0021) take effect, and before anything else the server runs.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { v8FlagsTag } from "@toolshop/db/test-support";
import { describe, expect, it } from "vitest";
import { V8_FLAGS } from "./v8-tuning";

const tuningModule = fileURLToPath(new URL("./v8-tuning.ts", import.meta.url));
const serverEntry = fileURLToPath(new URL("../server.ts", import.meta.url));

describe("V8 settings", () => {
  it("are those of a process started with the flags on its command line", () => {
    const withModule = v8FlagsTag([], `await import(${JSON.stringify(tuningModule)});`);
    expect(withModule).toBe(v8FlagsTag(V8_FLAGS));
    expect(withModule).not.toBe(v8FlagsTag([]));
  });

  it("are the first thing server.ts imports", () => {
    const firstImport = /^import\s+(?:[^"']*from\s+)?["']([^"']+)["']/m.exec(
      readFileSync(serverEntry, "utf8"),
    );
    expect(firstImport?.[1]).toBe("./lib/v8-tuning");
  });
});

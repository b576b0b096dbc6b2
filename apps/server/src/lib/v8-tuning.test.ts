// The server's V8 settings (decisions 0021 and 0028) take effect, and before anything else the server
// runs. deploy/young-generation.test.ts checks the young generation's size in the built server.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { v8FlagsTag } from "@toolshop/db/test-support";
import { describe, expect, it } from "vitest";
import { V8_FLAGS } from "./v8-tuning";

const tuningModule = fileURLToPath(new URL("./v8-tuning.ts", import.meta.url));
const serverEntry = fileURLToPath(new URL("../server.ts", import.meta.url));

describe("V8 settings", () => {
  it("are those of a process started with the flags on its command line, once the young generation may grow", () => {
    const load = `const tuning = await import(${JSON.stringify(tuningModule)});`;
    // Held, the young generation's growth factor differs from any the command line can give (V8 raises
    // one under 2 there to 2).
    expect(v8FlagsTag([], load)).not.toBe(v8FlagsTag(V8_FLAGS));
    const grown = v8FlagsTag([], `${load} tuning.letTheYoungGenerationGrow();`);
    expect(grown).toBe(v8FlagsTag(V8_FLAGS));
    expect(grown).not.toBe(v8FlagsTag([]));
  });

  it("are the first thing server.ts imports", () => {
    const firstImport = /^import\s+(?:[^"']*from\s+)?["']([^"']+)["']/m.exec(
      readFileSync(serverEntry, "utf8"),
    );
    expect(firstImport?.[1]).toBe("./lib/v8-tuning");
  });
});

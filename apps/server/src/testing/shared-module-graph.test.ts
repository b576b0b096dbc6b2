// The server's test files share their worker's modules (vitest.config.ts: isolate false). That is safe
// while no file changes a module or a global for the files after it: these rules keep it so.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const RULES: { problem: RegExp; unless?: RegExp; why: string }[] = [
  {
    problem: /\bvi\.(mock|doMock|unmock|doUnmock|resetModules)\(/,
    why: "module mocks apply only where a module is first imported, which another file may have done",
  },
  {
    problem: /\bvi\.spyOn\(/,
    unless: /\bvi\.restoreAllMocks\(|\.mockRestore\(/,
    why: "a spy left in place wraps the same function for every later file",
  },
  {
    problem: /\bvi\.useFakeTimers\(/,
    unless: /\bvi\.useRealTimers\(/,
    why: "fake clocks left installed stop every later file's timers",
  },
  {
    problem: /\bvi\.stub(Global|Env)\(/,
    unless: /\bvi\.unstubAll(Globals|Envs)\(/,
    why: "a stubbed global or variable stays for every later file",
  },
];

/** What in a test file's source would leak into the files that run after it in the same worker. */
function leaksBetweenFiles(source: string): string[] {
  return RULES.filter((rule) => rule.problem.test(source) && !rule.unless?.test(source)).map(
    (rule) => `${rule.problem.source}: ${rule.why}`,
  );
}

const sourceRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const thisFile = path.relative(sourceRoot, fileURLToPath(import.meta.url));
// This file names the rules' calls in its examples: it is the one file not read.
const testFiles = (readdirSync(sourceRoot, { recursive: true }) as string[]).filter(
  (file) => file.endsWith(".test.ts") && file !== thisFile,
);

describe("test files that share a module graph", () => {
  it("finds a module mock, an unrestored spy, fake clocks or stubs left behind", () => {
    expect(leaksBetweenFiles('vi.mock("node:fs", () => ({}));')).toHaveLength(1);
    expect(leaksBetweenFiles("vi.spyOn(globalThis, 'setTimeout');")).toHaveLength(1);
    expect(leaksBetweenFiles("vi.spyOn(globalThis, 'setTimeout'); spy.mockRestore();")).toEqual([]);
    expect(leaksBetweenFiles("vi.useFakeTimers(); vi.stubEnv('A', '1');")).toHaveLength(2);
  });

  it("leave nothing behind for the next file", () => {
    expect(testFiles.length).toBeGreaterThan(50);
    const leaks = testFiles.flatMap((file) =>
      leaksBetweenFiles(readFileSync(path.join(sourceRoot, file), "utf8")).map((leak) => `${file}: ${leak}`),
    );
    expect(leaks).toEqual([]);
  });
});

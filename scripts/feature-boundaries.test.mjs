import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { boundaryViolations, importsOf, SERVER_RULES, WEB_RULES } from "./feature-boundaries.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const biome = path.join(root, "node_modules", ".bin", "biome");

const folders = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A folder of files (path -> text) under the system's temporary directory. */
function fixture(files) {
  const folder = mkdtempSync(path.join(tmpdir(), "toolshop-imports-"));
  folders.push(folder);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(folder, name)), { recursive: true });
    writeFileSync(path.join(folder, name), text);
  }
  return folder;
}

describe("feature boundaries", () => {
  it("hold in the server and the web app", () => {
    expect(boundaryViolations(path.join(root, "apps/server/src"), SERVER_RULES)).toEqual([]);
    expect(boundaryViolations(path.join(root, "apps/web/src"), WEB_RULES)).toEqual([]);
  });

  it("report a feature reaching into another's internals, at any depth, and a layer it may not use", () => {
    const src = fixture({
      "features/cart/use-cart.ts": 'import { useSession } from "../auth/use-session";\n',
      "features/cart/components/cart.tsx": 'import { x } from "../../auth/session-store";\n',
      "features/cart/lazy.ts": 'export const load = () => import("../auth/popup-sign-in");\n',
      "features/cart/fine.ts": 'import { y } from "../auth/api/get-user";\nimport { z } from "./use-cart";\n',
      "features/cart/test/data.ts": 'import { t } from "../../auth/test/session";\n',
      "features/cart/not-a-test.ts": 'import { t } from "../auth/test/session";\n',
      "features/cart/testbed.ts": 'import { t } from "../auth/test/session";\n',
      "features/cart/cart.test.ts": 'import { bed } from "./testbed";\n',
      "features/cart/shape.ts":
        'import { App } from "../../app/app";\nimport { f } from "../../lib/format";\n',
    });
    const rules = { ...WEB_RULES, features: { auth: ["use-session"] } };
    expect(boundaryViolations(src, rules)).toEqual([
      "features/cart/components/cart -> features/auth/session-store",
      "features/cart/lazy -> features/auth/popup-sign-in",
      "features/cart/not-a-test -> features/auth/test/session",
      "features/cart/shape -> app/app",
    ]);
    expect(boundaryViolations(src, { ...rules, features: {} })).toContain(
      "features/cart/use-cart -> features/auth/use-session",
    );
  });

  it("reads static, side-effect, dynamic and re-exported imports", () => {
    const text = [
      'import a from "./a";',
      'import "./b.css";',
      "import type { C } from './c';",
      'export { d } from "../d";',
      'const e = () => import("./e");',
      'import { f } from "node:fs";',
    ].join("\n");
    expect(importsOf(text)).toEqual(["./a", "./b.css", "./c", "../d", "./e"]);
  });
});

describe("import circles", () => {
  /** Biome's noImportCycles as biome.json sets it, run on a folder of its own. */
  function cyclesIn(files) {
    const repoConfig = JSON.parse(readFileSync(path.join(root, "biome.json"), "utf8"));
    const rule = repoConfig.linter.rules.suspicious.noImportCycles;
    const folder = fixture({
      ...files,
      "biome.json": JSON.stringify({
        root: true,
        formatter: { enabled: false },
        assist: { enabled: false },
        linter: { rules: { recommended: false, suspicious: { noImportCycles: rule } } },
      }),
    });
    try {
      execFileSync(biome, ["lint", "--reporter=json", "."], { cwd: folder, encoding: "utf8", stdio: "pipe" });
      return [];
    } catch (error) {
      const report = JSON.parse(error.stdout);
      return report.diagnostics
        .filter((diagnostic) => diagnostic.category === "lint/suspicious/noImportCycles")
        .map((diagnostic) => diagnostic.location.path)
        .sort();
    }
  }

  it("fail the lint, also when the circle goes through a type-only import", () => {
    expect(
      cyclesIn({
        "dto.ts": 'import { endsAt } from "./expiry";\nexport const view = () => endsAt();\n',
        "expiry.ts": 'import type { Row } from "./rows";\nexport const endsAt = (row?: Row) => row;\n',
        "rows.ts": 'import type { view } from "./dto";\nexport type Row = ReturnType<typeof view>;\n',
        "leaf.ts": 'import { view } from "./dto";\nexport const leaf = view;\n',
      }),
    ).toEqual(["dto.ts", "expiry.ts", "rows.ts"]);
  });

  it("pass a graph without one", () => {
    expect(
      cyclesIn({
        "a.ts": 'import { b } from "./b";\nexport const a = b;\n',
        "b.ts": "export const b = 1;\n",
      }),
    ).toEqual([]);
  });
});

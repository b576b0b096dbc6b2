import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { freshPostgres, missingBackends } from "../resilience/support/backends";
import { loadOrCreateDevSecret, loadOrCreateGeneratedSecret, loadOrCreateSharedSecret } from "./dev-secret";

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "toolshop-secret-"));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

it("generates a secret once, readable by the owner only, and reuses it", async () => {
  const first = await loadOrCreateDevSecret(join(dataDir, "new-dir"));
  expect(first.length).toBeGreaterThanOrEqual(32);
  const file = join(dataDir, "new-dir", "secret");
  expect((await stat(file)).mode & 0o777).toBe(0o600);
  expect((await readFile(file, "utf8")).trim()).toBe(first);

  expect(await loadOrCreateDevSecret(join(dataDir, "new-dir"))).toBe(first);
});

it("agrees on one secret when separate processes start together", async () => {
  // The file appears whole or not at all (createWholeFile, tested with a slow disk in packages/db).
  const module = fileURLToPath(new URL("./dev-secret.ts", import.meta.url));
  const script = `import(${JSON.stringify(module)}).then((m) => m.loadOrCreateDevSecret(${JSON.stringify(dataDir)})).then((s) => console.log(s))`;
  const run = promisify(execFile);
  const outputs = await Promise.all(
    Array.from({ length: 3 }, () => run(process.execPath, ["--import", "tsx", "-e", script])),
  );
  const secrets = outputs.map(({ stdout }) => stdout.trim());
  expect(secrets[0]).toMatch(/^[\w-]{43}$/);
  expect(new Set(secrets).size).toBe(1);
  expect((await readFile(join(dataDir, "secret"), "utf8")).trim()).toBe(secrets[0]);
});

it("says what to do with a secret file left empty, instead of starting without a secret", async () => {
  await writeFile(join(dataDir, "secret"), "");
  await expect(loadOrCreateDevSecret(dataDir)).rejects.toThrow(/secret is empty: remove it/);
});

describe.skipIf(missingBackends({ postgres: true }))("on PostgreSQL", () => {
  it("keeps one secret in the database, offering a DATA_DIR/secret of an earlier start first", async () => {
    const { handle } = await freshPostgres();
    try {
      await writeFile(join(dataDir, "secret"), "an-earlier-single-process-secret-of-43-chars\n");
      const adopted = await loadOrCreateSharedSecret(handle, dataDir);
      expect(adopted).toBe("an-earlier-single-process-secret-of-43-chars");
      // Another process with its own, empty DATA_DIR reads the same row and writes no file.
      const otherDir = join(dataDir, "other");
      expect(await loadOrCreateGeneratedSecret(handle, otherDir)).toBe(adopted);
      await expect(stat(join(otherDir, "secret"))).rejects.toThrow(/ENOENT/);
    } finally {
      await handle.close();
    }
  });
});

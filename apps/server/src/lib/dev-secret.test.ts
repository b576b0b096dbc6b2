import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { loadOrCreateDevSecret } from "./dev-secret";

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

it("agrees on one secret when two processes start together", async () => {
  const secrets = await Promise.all([loadOrCreateDevSecret(dataDir), loadOrCreateDevSecret(dataDir)]);
  expect(secrets[0]).toBe(secrets[1]);
});

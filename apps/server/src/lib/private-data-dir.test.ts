// DATA_DIR and what the server writes there are the owner's only: a real server process (server.ts from
// source) on a fresh DATA_DIR, then on one that an older version left world-readable.
import { chmod, mkdir, mkdtemp, readdir, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { outboxMails } from "../testing/identity-client";
import { startServer, stopServer } from "../testing/server-process";

/** Every file and folder under `dir` with its permission bits, e.g. ["mail/x.eml", 0o600]. */
async function modes(dir: string, prefix = ""): Promise<[string, number][]> {
  const entries: [string, number][] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    entries.push([`${prefix}${entry.name}`, (await stat(path)).mode & 0o777]);
    if (entry.isDirectory()) entries.push(...(await modes(path, `${prefix}${entry.name}/`)));
  }
  return entries;
}

describe.skipIf(process.platform === "win32")("DATA_DIR permissions", () => {
  const parent = mkdtemp(join(tmpdir(), "toolshop-private-"));
  afterAll(async () => {
    await rm(await parent, { recursive: true, force: true });
  });

  // Each starts the server on a new embedded database: slower than the default timeout allows.
  it("creates DATA_DIR 0700 and every file in it 0600: secret, database, outbox", {
    timeout: 120_000,
  }, async () => {
    const dataDir = join(await parent, "fresh", "data");
    const server = await startServer({ DATA_DIR: dataDir, SALES_EMAIL: "sales@example.com" });
    try {
      const quote = await fetch(`${server.url}/api/quotes`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ name: "Ada", email: "ada@example.com", message: "A quote, please." }),
      });
      expect(quote.status).toBe(201);
      await outboxMails(dataDir, "sales@example.com");
    } finally {
      await stopServer(server);
    }
    expect((await stat(dataDir)).mode & 0o777).toBe(0o700);
    const written = await modes(dataDir);
    expect(written.map(([path]) => path)).toEqual(expect.arrayContaining(["secret", "db", "mail"]));
    for (const [path, mode] of written) {
      // PGlite sets 0666 on its own files itself (not through the umask); they are out of others'
      // reach because every folder above them is 0700. Everything else is owner-only.
      const engineFile = path.startsWith("db/") && (await stat(join(dataDir, path))).isFile();
      if (!engineFile) expect(mode & 0o077, `${path} ${mode.toString(8)}`).toBe(0);
    }
  });

  it("closes a DATA_DIR that was left readable by others", { timeout: 120_000 }, async () => {
    const dataDir = join(await parent, "old");
    await mkdir(dataDir, { recursive: true });
    await chmod(dataDir, 0o755);
    const server = await startServer({ DATA_DIR: dataDir });
    await stopServer(server);
    expect((await stat(dataDir)).mode & 0o777).toBe(0o700);
  });
});

import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { launchServer } from "../apps/server/src/testing/launch-server.mjs";

// Runs the server that the web server step built, on its own port and DATA_DIR, twice in a row.
const serverEntry = path.join(import.meta.dirname, "..", "apps", "server", "dist", "server.js");

test("a second start on the same DATA_DIR keeps the first start's data", async () => {
  test.setTimeout(120_000);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "toolshop-restart-"));
  try {
    const first = await startServer(dataDir);
    const firstIds = await toolIds(first.url);
    expect(await first.stop(), "the server exits cleanly on SIGTERM").toBe(0);

    const second = await startServer(dataDir);
    const secondIds = await toolIds(second.url);
    expect(await second.stop()).toBe(0);

    expect(firstIds).toHaveLength(8);
    expect(secondIds).toEqual(firstIds);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

async function toolIds(baseUrl: string): Promise<string[]> {
  const response = await fetch(`${baseUrl}/api/tools`);
  expect(response.status).toBe(200);
  const tools = (await response.json()) as { _id: string }[];
  return tools.map((tool) => tool._id).sort();
}

/** The built server on the embedded database (no DATABASE_URL, no Redis), as `npm start` runs it. */
function startServer(dataDir: string) {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  return launchServer({ entry: serverEntry, env });
}

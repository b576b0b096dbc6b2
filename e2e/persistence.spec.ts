import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";

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

async function startServer(dataDir: string) {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  const child = spawn(process.execPath, [serverEntry], { env, stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr?.on("data", (chunk) => {
    stderr += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  await waitUntilHealthy(url, child, () => stderr);
  return {
    url,
    stop: async () => {
      child.kill("SIGTERM");
      return exited;
    },
  };
}

async function waitUntilHealthy(url: string, child: ChildProcess, stderr: () => string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}: ${stderr()}`);
    const healthy = await fetch(`${url}/api/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill("SIGKILL");
  throw new Error(`the server did not answer within 60 s: ${stderr()}`);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? resolve(address.port) : reject()));
    });
  });
}

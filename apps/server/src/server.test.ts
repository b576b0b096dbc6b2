// The real process: start-up, configuration errors, data kept across restarts, graceful shutdown.
import { once } from "node:events";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ServerProcess as RunningServer, spawnServer, startServer } from "./testing/server-process";

async function stop(server: RunningServer, signal: NodeJS.Signals): Promise<number | null> {
  const exited = once(server.child, "exit");
  server.child.kill(signal);
  const [code] = await exited;
  return code as number | null;
}

describe("the server process", () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "toolshop-process-"));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it("stops at start with one sentence naming a malformed DATABASE_URL", async () => {
    const { child, output } = spawnServer({ DATA_DIR: dataDir, DATABASE_URL: "mysql://localhost/shop" });
    const [code] = await once(child, "exit");
    expect(code).toBe(1);
    expect(output().trim()).toBe("DATABASE_URL must be a postgres:// or postgresql:// URL.");
  });

  it("serves the seeded catalogue, stops cleanly on SIGTERM and keeps its data for the next start", async () => {
    const first = await startServer({ DATA_DIR: dataDir });
    const tools = (await (await fetch(`${first.url}/api/tools`)).json()) as { _id: string }[];
    expect(tools).toHaveLength(8);
    expect(await stop(first, "SIGTERM")).toBe(0);

    const second = await startServer({ DATA_DIR: dataDir });
    const again = (await (await fetch(`${second.url}/api/tools`)).json()) as { _id: string }[];
    expect(again.map((tool) => tool._id)).toEqual(tools.map((tool) => tool._id));
    expect(await stop(second, "SIGINT")).toBe(0);
  }, 120_000);
});

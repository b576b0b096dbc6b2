// The built server's young generation (decision 0028): held at its first size from before the
// packages load, kept so on PGlite, grown again on PostgreSQL. Run on the bundle, because that is
// where the order of the V8 settings and the packages' loading is decided (bundle.mjs).
import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bundleServer } from "../../bundle.mjs";
import { type FreshPostgres, freshPostgres, missingBackends } from "../resilience/support/backends";
import { launchServer, type ServerProcess, stopServer } from "../testing/launch-server.mjs";

const migrations = fileURLToPath(new URL("../../../../packages/db/migrations", import.meta.url));
// Inside the checkout, so that the bundle's packages resolve from its node_modules as dist's do.
const buildsDir = fileURLToPath(new URL("../../../../node_modules/.cache", import.meta.url));
/** What V8 starts the young generation at: two semi-spaces of 1 MB (Node 20 and 24). */
const FIRST_SIZE_MB = 2;

// Prints the young generation's size (both semi-spaces) when the process gets SIGUSR2.
const PROBE = `
import { getHeapSpaceStatistics } from "node:v8";
process.on("SIGUSR2", () => {
  const space = getHeapSpaceStatistics().find((s) => s.space_name === "new_space");
  console.log("young generation: " + space.space_size / 1048576 + " MB");
});`;

let workDir: string;
let entry: string;
let probe: string;

beforeAll(async () => {
  await mkdir(buildsDir, { recursive: true });
  workDir = await mkdtemp(join(buildsDir, "toolshop-young-generation-"));
  const dist = join(workDir, "dist");
  await bundleServer(dist);
  await symlink(migrations, join(dist, "migrations"));
  entry = join(dist, "server.js");
  probe = join(workDir, "probe.mjs");
  await writeFile(probe, PROBE);
}, 60_000);

afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

async function start(env: Record<string, string>): Promise<ServerProcess> {
  const dataDir = await mkdtemp(join(workDir, "data-"));
  return launchServer({
    entry,
    nodeArgs: ["--import", probe],
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "test",
      HOST: "127.0.0.1",
      PORT: "0",
      LOG_LEVEL: "info",
      AUTH_SECRET: "young-generation-test-secret-of-32-characters",
      DATA_DIR: dataDir,
      ...env,
    },
  });
}

/** `count` catalogue searches, `concurrency` at a time: requests that allocate, as the shop's do. */
async function search(server: ServerProcess, count: number, concurrency: number): Promise<void> {
  let sent = 0;
  const worker = async () => {
    while (sent < count) {
      sent += 1;
      const response = await fetch(`${server.url}/api/tools/search?q=${sent % 2 ? "drill" : "saw"}`);
      expect(response.status).toBe(200);
      await response.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

async function youngGenerationMb(server: ServerProcess): Promise<number> {
  const before = server.output().length;
  server.child.kill("SIGUSR2");
  for (let waited = 0; waited < 5_000; waited += 20) {
    const match = /young generation: ([\d.]+) MB/.exec(server.output().slice(before));
    if (match) return Number(match[1]);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`the server did not report its young generation:\n${server.output().slice(-2000)}`);
}

describe("the built server's young generation", () => {
  it("stays at its first size on PGlite, through start-up and searches", async () => {
    const server = await start({});
    try {
      expect(await youngGenerationMb(server)).toBeLessThanOrEqual(FIRST_SIZE_MB);
      await search(server, 1_000, 20);
      expect(await youngGenerationMb(server)).toBeLessThanOrEqual(FIRST_SIZE_MB);
    } finally {
      await stopServer(server);
    }
  }, 120_000);

  const skipped = missingBackends({ postgres: true });
  describe.skipIf(skipped)(`on PostgreSQL${skipped}`, () => {
    let database: FreshPostgres;
    beforeAll(async () => {
      database = await freshPostgres();
    }, 60_000);
    afterAll(async () => {
      await database?.handle.close();
    });

    it("grows again under load, as the young generation the latency figures were measured with", async () => {
      const server = await start({ DATABASE_URL: database.url });
      try {
        await search(server, 3_000, 50);
        expect(await youngGenerationMb(server)).toBeGreaterThan(FIRST_SIZE_MB);
      } finally {
        await stopServer(server);
      }
    }, 120_000);
  });
});

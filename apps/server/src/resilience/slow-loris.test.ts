// Slow-loris: many connections that send their request headers a byte at a time. A real listening
// server (server.ts, with its timeouts) keeps serving a normal client meanwhile, and cuts the slow
// ones off once the headers timeout has run out.
import { mkdtemp, rm } from "node:fs/promises";
import { connect, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FreshPostgres, freshPostgres, testBackends } from "./support/backends";
import { type ServerProcess, startServer, stopServer } from "./support/server-process";

const SLOW_CONNECTIONS = 300;
// server.ts's headers timeout (10 s), Node's check interval (1 s) and room for a busy machine.
const CUT_OFF_WITHIN_MS = 20_000;

describe("a server under a slow-loris attack", () => {
  let server: ServerProcess;
  let dataDir: string;
  let database: FreshPostgres | undefined;
  const slow: Socket[] = [];
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "toolshop-slow-loris-"));
    // PostgreSQL starts faster than a fresh PGlite; either will do.
    database = testBackends().postgresUrl ? await freshPostgres() : undefined;
    server = await startServer({ DATA_DIR: dataDir, ...(database ? { DATABASE_URL: database.url } : {}) });
  }, 90_000);
  afterAll(async () => {
    for (const socket of slow) socket.destroy();
    await stopServer(server);
    await database?.handle.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("keeps answering a normal client, and closes the slow connections after the headers timeout", async () => {
    const closedAt: number[] = [];
    const startedAt = performance.now();
    let trickle: NodeJS.Timeout | undefined;
    await Promise.all(
      Array.from(
        { length: SLOW_CONNECTIONS },
        () =>
          new Promise<void>((resolve, reject) => {
            const socket = connect(server.port, "127.0.0.1", () => {
              socket.write("GET /api/tools HTTP/1.1\r\nHost: localhost\r\nX-Slow: ");
              resolve();
            });
            socket.on("error", () => undefined);
            socket.once("error", reject);
            socket.on("close", () => closedAt.push(performance.now() - startedAt));
            slow.push(socket);
          }),
      ),
    );
    // One more header byte per connection every half second: never idle, never done.
    trickle = setInterval(() => {
      for (const socket of slow) if (!socket.destroyed) socket.write("a");
    }, 500);

    try {
      for (let round = 0; round < 10; round++) {
        const started = performance.now();
        const response = await fetch(`${server.url}/api/tools`, { signal: AbortSignal.timeout(5000) });
        expect(response.status).toBe(200);
        expect(((await response.json()) as unknown[]).length).toBeGreaterThan(0);
        expect(performance.now() - started).toBeLessThan(2000);
      }
      // None got through: they are still sending headers.
      expect(closedAt).toHaveLength(0);

      await expect
        .poll(() => closedAt.length, { timeout: CUT_OFF_WITHIN_MS, interval: 250 })
        .toBe(SLOW_CONNECTIONS);
    } finally {
      clearInterval(trickle);
    }
    expect((await fetch(`${server.url}/api/healthz`)).status).toBe(200);
    expect(server.child.exitCode).toBeNull();
  }, 60_000);
});

// SIGTERM while orders stream in: the server stops taking new work but every request that was sent
// before the signal gets a complete answer, and every order it answered 201 is stored.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "@toolshop/db/client";
import { migrateDatabase } from "@toolshop/db/migrate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { streamOrders } from "./support/order-stream";
import { type ServerProcess, startServer, stopServer } from "./support/server-process";
import { addCustomers, addTool, stockAndOrders } from "./support/shop-data";

const INITIAL_STOCK = 100_000;

describe("a server stopped with SIGTERM under load (PGlite in DATA_DIR)", () => {
  let dataDir: string;
  let server: ServerProcess | undefined;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "toolshop-sigterm-"));
  });
  afterAll(async () => {
    await stopServer(server, "SIGKILL");
    await rm(dataDir, { recursive: true, force: true });
  });

  it("answers every request sent before the signal and stores every order it accepted", async () => {
    let handle = await openDatabase({ dataDir });
    await migrateDatabase(handle);
    const tool = await addTool(handle.db, INITIAL_STOCK);
    const customers = await addCustomers(handle.db, 8);
    await handle.close();

    server = await startServer({ DATA_DIR: dataDir });
    const stream = streamOrders(server.url, customers, tool.id, { concurrency: 16 });
    await stream.placed(30);
    const signalledAt = performance.now();
    server.child.kill("SIGTERM");
    // Clients keep sending for a moment, as they would until a load balancer takes the server out.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const attempts = await stream.stop();
    // 0: it finished by itself, within its grace period (server.ts exits 1 when that runs out).
    expect(await server.exited).toBe(0);
    server = undefined;

    const beforeSignal = attempts.filter((attempt) => attempt.sentAt < signalledAt);
    expect(beforeSignal.length).toBeGreaterThanOrEqual(30);
    // A complete answer for each: no reset connection, no cut-short body.
    expect(beforeSignal.filter((attempt) => attempt.failure)).toEqual([]);
    // Requests already being handled finish; ones the server had not begun may be turned away with 503.
    const statuses = new Set(beforeSignal.map((attempt) => attempt.status));
    expect([...statuses].filter((status) => status !== 201 && status !== 503)).toEqual([]);
    // Some were in flight when the signal came, and were completed rather than dropped.
    const inFlight = beforeSignal.slice(-16);
    expect(inFlight.some((attempt) => attempt.status === 201)).toBe(true);

    handle = await openDatabase({ dataDir });
    try {
      const { stock, orderIds, orderedUnits } = await stockAndOrders(handle.db, tool.id);
      const accepted = attempts.filter((attempt) => attempt.status === 201);
      expect(accepted.filter((attempt) => !orderIds.has(attempt.body?._id ?? ""))).toEqual([]);
      expect(orderIds.size).toBe(accepted.length);
      expect(stock).toBe(INITIAL_STOCK - orderedUnits);
    } finally {
      await handle.close();
    }
  }, 90_000);
});

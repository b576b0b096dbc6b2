// A server killed outright (SIGKILL: no shutdown code runs) in the middle of a stream of orders loses
// no order it answered 201, and after a restart the stock and the orders agree.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type DatabaseHandle, openDatabase } from "@toolshop/db/client";
import { migrateDatabase } from "@toolshop/db/migrate";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { freshPostgres, missingBackends } from "./support/backends";
import { streamOrders } from "./support/order-stream";
import { type ServerProcess, startServer, stopServer } from "./support/server-process";
import { addCustomers, addTool, type Customer, placeOrder, stockAndOrders } from "./support/shop-data";

const INITIAL_STOCK = 100_000;

interface Target {
  title: string;
  skip: boolean;
  /** The database the servers run on, prepared; `open` gives the test its own handle when no server runs. */
  prepare(dataDir: string): Promise<{ env: Record<string, string>; open(): Promise<DatabaseHandle> }>;
}

const skippedPostgres = missingBackends({ postgres: true });
const targets: Target[] = [
  {
    title: "on PGlite in DATA_DIR",
    skip: false,
    async prepare(dataDir) {
      // The server owns the PGlite files while it runs; the test opens them only in between.
      const open = async () => {
        const handle = await openDatabase({ dataDir });
        await migrateDatabase(handle);
        return handle;
      };
      return { env: {}, open };
    },
  },
  {
    title: `on PostgreSQL${skippedPostgres}`,
    skip: Boolean(skippedPostgres),
    async prepare() {
      const database = await freshPostgres();
      cleanups.push(() => database.handle.close());
      return { env: { DATABASE_URL: database.url }, open: async () => database.handle };
    },
  },
];

let cleanups: (() => Promise<unknown>)[] = [];

describe.each(targets)("a server killed with SIGKILL $title", (target) => {
  let dataDir: string;
  let server: ServerProcess | undefined;
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "toolshop-kill-"));
  });
  afterEach(async () => {
    await stopServer(server, "SIGKILL");
    for (const cleanup of cleanups.reverse()) await cleanup();
    cleanups = [];
    await rm(dataDir, { recursive: true, force: true });
  });

  it.skipIf(target.skip)(
    "loses no answered order, and stock and orders agree after the restart",
    async () => {
      const database = await target.prepare(dataDir);
      let handle = await database.open();
      const tool = await addTool(handle.db, INITIAL_STOCK);
      const customers = await addCustomers(handle.db, 8);
      if (handle.kind === "pglite") await handle.close();

      const env = { DATA_DIR: dataDir, ...database.env };
      server = await startServer(env);
      const stream = streamOrders(server.url, customers, tool.id, {
        concurrency: 8,
        quantity: (index) => 1 + (index % 3),
      });
      await stream.succeeded(40);
      server.child.kill("SIGKILL");
      expect(await server.exited).toBe("SIGKILL");
      const attempts = await stream.stop();
      const answered = attempts.filter((attempt) => attempt.status === 201);
      // Nothing but 201s and broken connections: no refusals, no server errors.
      expect(attempts.filter((attempt) => attempt.status !== undefined && attempt.status !== 201)).toEqual(
        [],
      );

      // The restarted server comes up on the same data (PGlite: its lock file names a dead process) and sells.
      server = await startServer(env);
      expect((await fetch(`${server.url}/api/readyz`)).status).toBe(200);
      const after = await placeOrder(server.url, customers[0] as Customer, tool.id, 5);
      expect(after.status).toBe(201);
      expect(await stopServer(server)).toBe(0);
      server = undefined;

      handle = await database.open();
      try {
        const { stock, orderIds, orderedUnits } = await stockAndOrders(handle.db, tool.id);
        const lost = answered.filter((attempt) => !orderIds.has(attempt.body?._id ?? ""));
        expect(lost).toEqual([]);
        expect(orderIds.has(after.body?._id ?? "")).toBe(true);
        expect(stock).toBe(INITIAL_STOCK - orderedUnits);
      } finally {
        if (handle.kind === "pglite") await handle.close();
      }
    },
    120_000,
  );
});

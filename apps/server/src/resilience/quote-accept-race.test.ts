// Issue 49: accepting a quote raced against itself and against its withdrawal, through two server
// processes on one PostgreSQL: the quote's row lock lets one order through, at most.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { orders, quoteHistory, quoteLines, quotes } from "@toolshop/db/schema";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testRedis } from "../testing/redis";
import { type FreshPostgres, freshPostgres, missingBackends } from "./support/backends";
import { type ServerProcess, startServer, stopServer } from "./support/server-process";
import { addCustomers, addTool, type Customer } from "./support/shop-data";

const skipped = missingBackends({ postgres: true, redis: true });

describe.skipIf(skipped)(`accepting a quote on two server processes${skipped}`, () => {
  let database: FreshPostgres;
  let servers: ServerProcess[] = [];
  let dataDir: string;
  beforeAll(async () => {
    database = await freshPostgres();
    dataDir = await mkdtemp(join(tmpdir(), "toolshop-quote-race-"));
    const env = { DATABASE_URL: database.url, ...testRedis().env, DATA_DIR: dataDir };
    servers = await Promise.all([startServer(env), startServer(env)]);
  }, 180_000);
  afterAll(async () => {
    await Promise.all(servers.map((server) => stopServer(server)));
    await database?.handle.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** An offered quote of `customer` for 3 units at 9.00, written straight into the database. */
  async function offeredQuote(customer: Customer) {
    const db = database.handle.db;
    const tool = await addTool(db, 100);
    const [quote] = await db
      .insert(quotes)
      .values({
        userId: customer.id,
        name: "Racer",
        email: customer.email,
        message: "",
        state: "offered",
        validUntil: new Date(Date.now() + 86_400_000),
      })
      .returning();
    if (!quote) throw new Error("no quote");
    await db.insert(quoteLines).values({
      quoteId: quote.id,
      position: 0,
      toolId: tool.id,
      name: tool.name,
      image: tool.image,
      quantity: 3,
      unitPriceCents: 900,
    });
    await db.insert(quoteHistory).values({ quoteId: quote.id, state: "offered" });
    return quote.id;
  }

  const post = (server: ServerProcess | undefined, who: Customer, path: string, body?: object) =>
    fetch(`${server?.url}${path}`, {
      method: "POST",
      headers: { authorization: who.authorization, ...(body ? { "content-type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    }).then(async (response) => ({
      status: response.status,
      body: (await response.json()) as { _id?: string },
    }));

  it("makes one order from ten simultaneous accepts split between the processes", async () => {
    const [customer] = (await addCustomers(database.handle.db, 1)) as [Customer];
    const id = await offeredQuote(customer);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        post(servers[index % 2], customer, `/api/quotes/${id}/accept`, {
          address: "1 Main St",
          phone: "5550100",
        }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([
      200, 200, 200, 200, 200, 200, 200, 200, 200, 201,
    ]);
    expect(new Set(answers.map((answer) => answer.body._id)).size).toBe(1);
    expect(await database.handle.db.select().from(orders).where(eq(orders.quoteId, id))).toHaveLength(1);
  }, 60_000);

  it("lets either an accept or a withdrawal win, never both", async () => {
    const db = database.handle.db;
    const [customer] = (await addCustomers(db, 1)) as [Customer];
    const [admin] = (await addCustomers(db, 1, "admin")) as [Customer];
    for (let round = 0; round < 5; round++) {
      const id = await offeredQuote(customer);
      const [accepted, withdrawn] = await Promise.all([
        post(servers[round % 2], customer, `/api/quotes/${id}/accept`, {
          address: "1 Main St",
          phone: "5550100",
        }),
        post(servers[(round + 1) % 2], admin, `/api/quotes/${id}/withdraw`),
      ]);
      const made = await db.select().from(orders).where(eq(orders.quoteId, id));
      const [row] = await db.select().from(quotes).where(eq(quotes.id, id));
      if (accepted.status === 201) {
        expect([withdrawn.status, row?.state, made.length]).toEqual([409, "accepted", 1]);
      } else {
        expect([accepted.status, withdrawn.status, row?.state, made.length]).toEqual([
          409,
          200,
          "withdrawn",
          0,
        ]);
      }
    }
  }, 60_000);
});

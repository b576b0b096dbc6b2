// Issue 49: accepting a quote raced against itself and against its withdrawal, through two server
// processes on one PostgreSQL: the quote's row lock lets one order through, at most.
import { orders, quoteHistory, quoteLines, quotes } from "@toolshop/db/schema";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { missingBackends } from "./support/backends";
import type { ServerProcess } from "./support/server-process";
import { addCustomers, addTool, type Customer } from "./support/shop-data";
import { twoServersForSuite } from "./support/two-servers";

const skipped = missingBackends({ postgres: true, redis: true });

describe.skipIf(skipped)(`accepting a quote on two server processes${skipped}`, () => {
  const shop = twoServersForSuite("quote-race");

  /** An offered quote of `customer` for 3 units at 9.00, written straight into the database. */
  async function offeredQuote(customer: Customer) {
    const db = shop.db;
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
    const [customer] = (await addCustomers(shop.db, 1)) as [Customer];
    const id = await offeredQuote(customer);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        post(shop.servers[index % 2], customer, `/api/quotes/${id}/accept`, {
          address: "1 Main St",
          phone: "5550100",
        }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([
      200, 200, 200, 200, 200, 200, 200, 200, 200, 201,
    ]);
    expect(new Set(answers.map((answer) => answer.body._id)).size).toBe(1);
    expect(await shop.db.select().from(orders).where(eq(orders.quoteId, id))).toHaveLength(1);
  }, 60_000);

  it("lets either an accept or a withdrawal win, never both", async () => {
    const db = shop.db;
    const [customer] = (await addCustomers(db, 1)) as [Customer];
    const [admin] = (await addCustomers(db, 1, "admin")) as [Customer];
    for (let round = 0; round < 5; round++) {
      const id = await offeredQuote(customer);
      const [accepted, withdrawn] = await Promise.all([
        post(shop.servers[round % 2], customer, `/api/quotes/${id}/accept`, {
          address: "1 Main St",
          phone: "5550100",
        }),
        post(shop.servers[(round + 1) % 2], admin, `/api/quotes/${id}/withdraw`),
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

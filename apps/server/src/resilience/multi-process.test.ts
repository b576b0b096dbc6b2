// Two server processes on one PostgreSQL database and one Redis, as behind a load balancer:
// nothing may assume a single process (docs/architecture.md section 1).
import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { missingBackends } from "./support/backends";
import { type ServerProcess, TEST_PUBLIC_URL } from "./support/server-process";
import {
  addCustomers,
  addTool,
  type Customer,
  placeCart,
  placeOrder,
  stockAndOrders,
} from "./support/shop-data";
import { twoServersForSuite } from "./support/two-servers";

const skipped = missingBackends({ postgres: true, redis: true });

describe.skipIf(skipped)(`two server processes on one PostgreSQL and one Redis${skipped}`, () => {
  // 200 orders of one tool queue on its row, 100 per process on 10 connections each: on a busy machine
  // the last waits longer than the shop's 5 s for a connection and would be shed (503), so these
  // processes wait as long as the test's own limit. The answers' meaning does not change with speed.
  const shop = twoServersForSuite("multi-process", { DATABASE_CONNECT_TIMEOUT_SECONDS: "60" });

  it("sells exactly the 50 units in stock to 200 simultaneous orders split between the processes", async () => {
    const tool = await addTool(shop.db, 50);
    const customers = await addCustomers(shop.db, 20);
    // Both processes warm first (database connections open, statements planned, the client's
    // connections to each made). In one CI run, one of the two just-started processes sold none of the
    // 50, most likely while it was still opening its connections, so the race never crossed processes.
    const warmUpTool = await addTool(shop.db, 20);
    const warmUps = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        placeOrder(shop.servers[index % 2]?.url ?? "", customers[index] as Customer, warmUpTool.id),
      ),
    );
    expect(warmUps.map((attempt) => attempt.status)).toEqual(Array(20).fill(201));

    const attempts = await Promise.all(
      Array.from({ length: 200 }, (_, index) =>
        placeOrder(shop.servers[index % 2]?.url ?? "", customers[index % 20] as Customer, tool.id),
      ),
    );

    expect(attempts.filter((attempt) => attempt.failure)).toEqual([]);
    // Counted by status, so that a failure shows what the other answers were.
    const tally: Record<string, number> = {};
    for (const { status } of attempts) tally[String(status)] = (tally[String(status)] ?? 0) + 1;
    expect(tally).toEqual({ "201": 50, "409": 150 });
    // Both processes sold some.
    for (const parity of [0, 1]) {
      expect(attempts.some((attempt, index) => index % 2 === parity && attempt.status === 201)).toBe(true);
    }
    const { stock, orderIds, orderedUnits } = await stockAndOrders(shop.db, tool.id);
    expect(stock).toBe(0);
    expect(orderedUnits).toBe(50);
    const answeredIds = attempts
      .filter((attempt) => attempt.status === 201)
      .map((attempt) => attempt.body?._id);
    expect(new Set(answeredIds)).toEqual(orderIds);
  }, 60_000);

  it("sells exactly the stock to 100 three-tool carts that share their tools in opposite orders, split between the processes, with no deadlock", async () => {
    const db = shop.db;
    const shared = [await addTool(db, 30), await addTool(db, 30), await addTool(db, 30)];
    const customers = await addCustomers(db, 20);
    const ids = shared.map((tool) => tool.id);
    // Half the carts list the tools one way, half the other: locked in the order given, two such
    // carts would each hold a tool the other waits for.
    const attempts = await Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        placeCart(
          shop.servers[index % 2]?.url ?? "",
          customers[index % 20] as Customer,
          Math.floor(index / 2) % 2 === 0 ? ids : ids.toReversed(),
        ),
      ),
    );

    expect(attempts.filter((attempt) => attempt.failure)).toEqual([]);
    const statuses = attempts.map((attempt) => attempt.status);
    expect(statuses.filter((status) => (status ?? 500) >= 500)).toEqual([]);
    expect(statuses.filter((status) => status === 201)).toHaveLength(30);
    expect(statuses.filter((status) => status === 409)).toHaveLength(70);
    const answeredIds = new Set(
      attempts.filter((attempt) => attempt.status === 201).map((attempt) => attempt.body?._id),
    );
    for (const id of ids) {
      const { stock, orderIds, orderedUnits } = await stockAndOrders(db, id);
      expect([stock, orderedUnits]).toEqual([0, 30]);
      expect(orderIds).toEqual(answeredIds);
    }
  }, 60_000);

  it("holds a rate limit reached through one process on the other", async () => {
    // The per-account sign-in limit: nine attempts a minute, the tenth is refused, wherever it lands.
    const email = `limited-${randomUUID()}@example.com`;
    const signIn = (server: ServerProcess) =>
      fetch(`${server.url}/api/auth/sign-in/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: TEST_PUBLIC_URL },
        body: JSON.stringify({ email, password: "not-the-password-1" }),
      });
    const [first, second] = shop.servers;
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 9; attempt++) {
      statuses.push((await signIn(attempt % 2 === 0 ? first : second)).status);
    }
    // The identity service's own answer: wrong email or password.
    expect(statuses).toEqual(Array(9).fill(401));

    // Five attempts went to the first process, four to the second: only a shared count refuses these.
    for (const server of [second, first]) {
      const refused = await signIn(server);
      expect(refused.status).toBe(429);
      expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
      expect(((await refused.json()) as { message: string }).message).toBe(
        "Too many attempts, try again in a minute",
      );
    }
  }, 30_000);

  it("shows a tool added through one process in the catalogue of the other at once", async () => {
    const [first, second] = shop.servers;
    const [admin] = await addCustomers(shop.db, 1, "admin");
    // The second process has served (and may cache) the catalogue before the tool exists.
    const before = (await (await fetch(`${second.url}/api/tools`)).json()) as { _id: string }[];
    expect((await fetch(`${first.url}/api/tools`)).status).toBe(200);

    // The product's picture is uploaded through the same process first, as the admin's form does.
    const picture = await sharp({ create: { width: 32, height: 32, channels: 3, background: "#c0ffee" } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append("image", new Blob([new Uint8Array(picture)], { type: "image/png" }), "saw.png");
    const uploaded = await fetch(`${first.url}/api/uploads`, {
      method: "POST",
      headers: { authorization: admin?.authorization ?? "" },
      body: form,
    });
    expect(uploaded.status).toBe(200);
    const image = ((await uploaded.json()) as { data: { url: string } }).data.url;

    const name = `Cross-process Saw ${randomUUID().slice(0, 8)}`;
    const created = await fetch(`${first.url}/api/tools`, {
      method: "POST",
      headers: { authorization: admin?.authorization ?? "", "content-type": "application/json" },
      body: JSON.stringify({
        name,
        short: "Added through the first process.",
        image: new URL(image, first.url).pathname,
        minQuantity: 1,
        availableQuantity: 10,
        price: 12.5,
      }),
    });
    const tool = (await created.json()) as { _id: string };
    expect({ status: created.status, tool }).toMatchObject({ status: 201, tool: { name } });

    const after = (await (await fetch(`${second.url}/api/tools`)).json()) as { _id: string; name: string }[];
    expect(after).toHaveLength(before.length + 1);
    expect(after.find((listed) => listed._id === tool._id)?.name).toBe(name);
    expect((await fetch(`${second.url}/api/tools/${tool._id}`)).status).toBe(200);
  }, 30_000);

  it("shows the stock an order took through one process in the other's catalogue at once", async () => {
    const [first, second] = shop.servers;
    const tool = await addTool(shop.db, 30);
    const [customer] = await addCustomers(shop.db, 1);
    const read = async () =>
      ((await (await fetch(`${second.url}/api/tools/${tool.id}`)).json()) as { availableQuantity: number })
        .availableQuantity;
    expect(await read()).toBe(30);
    expect((await placeOrder(first.url, customer as Customer, tool.id, 4)).status).toBe(201);
    expect(await read()).toBe(26);
  }, 30_000);
});

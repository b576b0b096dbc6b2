// The domain event bus: in-process delivery rules, and an event published on one app instance reaching
// another through Redis, where only its every-process subscribers run (so a mail goes out once, and
// every instance's catalogue cache is dropped).
import type { Order } from "@toolshop/shared/orders";
import { type Tool, toolSchema } from "@toolshop/shared/tools";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildApp } from "../app";
import { createEventBus, type DomainEvent } from "../lib/domain-events";
import { call, signedInCustomer } from "../testing/api-client";
import { addTool } from "../testing/fixtures";
import { testRedis } from "../testing/redis";
import { createTestApp, type TestApp } from "../testing/test-app";
import { DEGRADED_TTL_MS } from "./catalogue-cache";
import { domainEventsChannel } from "./domain-events";

const redis = testRedis();

function anOrder(overrides: Partial<Order> = {}): Order {
  return {
    _id: crypto.randomUUID(),
    number: "TS-000001",
    toolId: null,
    name: "Pliers",
    address: "1 Main St",
    phone: "+1 555-0100",
    email: `events-${crypto.randomUUID()}@example.com`,
    image: "/images/tools/pliers.svg",
    price: 50,
    unitPrice: 12.5,
    quantity: 4,
    paid: true,
    status: "shipped",
    transactionId: "pi_events",
    createdAt: new Date(0).toISOString(),
    holdsUntil: null,
    cancelReason: null,
    quoteId: null,
    shipping: null,
    invoiceNumber: null,
    creditNotes: [],
    lines: [
      {
        toolId: null,
        sku: null,
        name: "Pliers",
        image: "/images/tools/pliers.svg",
        unitPrice: 12.5,
        quantity: 4,
        total: 50,
        refundedQuantity: 0,
        net: 50,
        tax: 0,
        gross: 50,
      },
    ],
    tax: { ratePercent: 0, pricesIncludeTax: false, net: 50, tax: 0, gross: 50 },
    ...overrides,
  };
}

/** The tool as the list and as GET /tools/:id show it (two cached bodies). */
async function shownBy(app: FastifyInstance, toolId: string): Promise<(Tool | undefined)[]> {
  const list = toolSchema.array().parse((await app.inject({ method: "GET", url: "/api/tools" })).json());
  const one = await app.inject({ method: "GET", url: `/api/tools/${toolId}` });
  return [list.find((tool) => tool._id === toolId), toolSchema.parse(one.json())];
}

describe("the domain event bus in one process", () => {
  const log = { warn: vi.fn(), error: vi.fn() };

  it("has run the every-process subscribers when publish resolves; publishing-process ones run on", async () => {
    const bus = createEventBus(log);
    const seen: string[] = [];
    let release = () => {};
    const slowMail = new Promise<void>((resolve) => {
      release = resolve;
    });
    bus.subscribe(["ReviewChanged"], "every-process", async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      seen.push("cache");
    });
    bus.subscribe(["ReviewChanged"], "publishing-process", async () => {
      await slowMail;
      seen.push("mail");
    });
    bus.subscribe(["ToolChanged"], "every-process", () => void seen.push("other type"));

    await bus.publish({ type: "ReviewChanged" });
    expect(seen).toEqual(["cache"]);
    release();
    await bus.drain();
    expect(seen).toEqual(["cache", "mail"]);
  });

  it("runs only every-process subscribers for another process's event", async () => {
    const bus = createEventBus(log);
    const seen: string[] = [];
    bus.subscribe(["ReviewChanged"], "every-process", () => void seen.push("cache"));
    bus.subscribe(["ReviewChanged"], "publishing-process", () => void seen.push("mail"));
    await bus.deliverRemote({ type: "ReviewChanged" });
    await bus.drain();
    expect(seen).toEqual(["cache"]);
  });

  it("never throws: a failing subscriber or transport is logged with the event's type only", async () => {
    const forward = vi.fn(async () => {
      throw new Error("Redis is down");
    });
    const bus = createEventBus(log, forward);
    const order = anOrder();
    bus.subscribe(["OrderPaid"], "every-process", () => {
      throw new Error("cache broke");
    });
    const after = vi.fn();
    bus.subscribe(["OrderPaid"], "every-process", after);
    await expect(bus.publish({ type: "OrderPaid", order })).resolves.toBeUndefined();
    expect(after).toHaveBeenCalledOnce();
    expect(forward).toHaveBeenCalledOnce();
    expect(log.error).toHaveBeenCalledWith(
      { err: expect.any(Error), event: "OrderPaid" },
      "domain events: a subscriber failed",
    );
    expect(log.warn).toHaveBeenCalledWith(
      { err: expect.any(Error), event: "OrderPaid" },
      "domain events: could not tell the other processes",
    );
    // Personal data stays out of the log.
    expect(JSON.stringify([log.error.mock.calls, log.warn.mock.calls])).not.toContain(order.email);
  });

  it("stops calling a subscriber once unsubscribed", async () => {
    const bus = createEventBus(log);
    const handler = vi.fn();
    const unsubscribe = bus.subscribe(["ReviewChanged"], "every-process", handler);
    await bus.publish({ type: "ReviewChanged" });
    unsubscribe();
    await bus.publish({ type: "ReviewChanged" });
    expect(handler).toHaveBeenCalledOnce();
  });
});

describe.skipIf(redis.skip)(`domain events across two app instances ${redis.title}`, () => {
  let t: TestApp;
  let other: FastifyInstance;
  beforeAll(async () => {
    t = await createTestApp({ kind: "pglite" }, { env: redis.env });
    // A second process of the same deployment: same database, Redis and outbox, its own event bus.
    other = await buildApp({
      config: t.app.config,
      database: t.database,
      webDistDir: t.dataDir,
    });
    expect([t.app.events.mode, other.events.mode]).toEqual(["shared", "shared"]);
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  it("delivers an event published on one instance to the other's every-process subscribers, and its publishing-process subscribers once", async () => {
    const heardThere: DomainEvent[] = [];
    const heardHere: DomainEvent[] = [];
    const mailedThere = vi.fn();
    const mailedHere = vi.fn();
    const unsubscribe = [
      other.events.subscribe(["OrderShipped"], "every-process", (event) => void heardThere.push(event)),
      other.events.subscribe(["OrderShipped"], "publishing-process", mailedThere),
      t.app.events.subscribe(["OrderShipped"], "every-process", (event) => void heardHere.push(event)),
      t.app.events.subscribe(["OrderShipped"], "publishing-process", mailedHere),
    ];
    try {
      const order = anOrder();
      const event: DomainEvent = { type: "OrderShipped", order, carrier: "UPS", trackingNumber: "1Z999" };
      await t.app.events.publish(event);

      await vi.waitFor(() => expect(heardThere).toEqual([event]), { timeout: 2000, interval: 10 });
      // The publisher ran its own subscribers once, and ignored its message coming back from Redis.
      expect(heardHere).toEqual([event]);
      expect(mailedThere).not.toHaveBeenCalled();
      // Work done once per event (the refund's mail) runs on the publishing instance only. The order's
      // own mails are jobs queued with their change (features/jobs), not event subscribers.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(mailedHere).toHaveBeenCalledOnce();
      expect(heardHere).toHaveLength(1);
    } finally {
      for (const stop of unsubscribe) stop();
    }
  });

  it("drops the tool on every process when an admin edits it through one of them", async () => {
    const admin = await signedInCustomer(t, { role: "admin" });
    const tool = await addTool(t.database.db, { availableQuantity: 20 });
    await t.app.events.publish({ type: "ToolChanged", toolId: tool.id, change: "created" });
    // Both processes now hold the list and the tool with the old price.
    for (const app of [t.app, other]) {
      await vi.waitFor(async () => {
        expect((await shownBy(app, tool.id)).map((shown) => shown?.price)).toEqual([12.5, 12.5]);
      });
    }

    const edit = {
      name: tool.name,
      short: "Sharper.",
      image: tool.image,
      price: 19.5,
      minQuantity: tool.minQuantity,
      availableQuantity: 20,
      previousAvailableQuantity: 20,
    };
    const edited = await call(t.app, admin, "PATCH", `/api/tools/${tool.id}`, edit);
    expect(edited.statusCode, edited.body).toBe(200);
    // ToolChanged crosses Redis: `other` has no TTL while shared, so only the event can refresh it.
    for (const app of [t.app, other]) {
      await vi.waitFor(
        async () => {
          const shown = await shownBy(app, tool.id);
          expect(shown.map((each) => [each?.price, each?.short])).toEqual([
            [19.5, "Sharper."],
            [19.5, "Sharper."],
          ]);
        },
        { timeout: DEGRADED_TTL_MS / 2, interval: 10 },
      );
    }
  });

  it("does not reach another shop on the same Redis, whose REDIS_PREFIX differs", async () => {
    const otherShop = await buildApp({
      config: { ...t.app.config, redisPrefix: `${redis.prefix}other-shop:` },
      database: t.database,
      webDistDir: t.dataDir,
    });
    const heardByOtherShop = vi.fn();
    const heardBySameShop = vi.fn();
    const stops = [
      otherShop.events.subscribe(["ReviewChanged"], "every-process", heardByOtherShop),
      other.events.subscribe(["ReviewChanged"], "every-process", heardBySameShop),
    ];
    try {
      expect(otherShop.events.mode).toBe("shared");
      await t.app.events.publish({ type: "ReviewChanged" });
      await vi.waitFor(() => expect(heardBySameShop).toHaveBeenCalledOnce(), { timeout: 2000, interval: 10 });
      // Delivered to the same shop's process, so it would have reached the other shop's by now.
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(heardByOtherShop).not.toHaveBeenCalled();
    } finally {
      for (const stop of stops) stop();
      await otherShop.close();
    }
  });

  it("ignores a message on the channel that is not an event", async () => {
    const heard = vi.fn();
    const stop = other.events.subscribe(["ReviewChanged"], "every-process", heard);
    try {
      await t.app.redis?.publish(domainEventsChannel(redis.prefix), "not json");
      await t.app.redis?.publish(
        domainEventsChannel(redis.prefix),
        JSON.stringify({ origin: "x", event: { type: "Nope" } }),
      );
      await t.app.events.publish({ type: "ReviewChanged" });
      await vi.waitFor(() => expect(heard).toHaveBeenCalledOnce(), { timeout: 2000, interval: 10 });
    } finally {
      stop();
    }
  });
});

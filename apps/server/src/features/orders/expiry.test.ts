import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import type { Database, DatabaseHandle } from "@toolshop/db/client";
import { orders, testPaymentIntents } from "@toolshop/db/schema";
import { testDatabaseTargets } from "@toolshop/db/test-support";
import { createTestDatabase } from "@toolshop/db/testing";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DomainEvent } from "../../lib/domain-events";
import { freshPostgres, missingBackends } from "../../resilience/support/backends";
import { addCustomer, addTool, insertOrders, orderRow, stockOf } from "../../testing/fixtures";
import { TestPaymentGateway } from "../payments/test-gateway";
import type { OrdersContext } from "./context";
import { expireUnpaidOrders } from "./expiry";
import { confirmPayment, payTestIntentAndOrder, startPayment } from "./payment";
import { ordersContext, TEST_GATEWAY_SECRET, VALID_CARD } from "./test-fixtures";

const HOLD_MINUTES = 60;

/**
 * `count` unpaid orders of 2 units each, placed `minutesAgo`, on a tool with 100 units left; with
 * `gateway`, each has its payment started (POST /create-payment-intent) and `secrets` are its intents'.
 */
async function unpaidOrders(db: Database, count: number, minutesAgo: number, gateway?: TestPaymentGateway) {
  const customer = await addCustomer(db);
  const tool = await addTool(db, { availableQuantity: 100 });
  const rows = await insertOrders(
    db,
    Array.from({ length: count }, () =>
      orderRow(customer, tool, {
        unitPriceCents: 100,
        quantity: 2,
        createdAt: new Date(Date.now() - minutesAgo * 60_000),
      }),
    ),
  );
  const ids = rows.map((row) => row.id);
  const secrets: string[] = [];
  if (gateway) {
    const ctx = { ...ordersContext(db).ctx, gateway };
    for (const id of ids) secrets.push((await startPayment(ctx, customer, id)).clientSecret);
  }
  return { customer, tool, ids, secrets };
}

const orderRows = (db: Database, ids: string[]) => db.select().from(orders).where(inArray(orders.id, ids));
const intentRows = (db: Database, orderIds: string[]) =>
  db.select().from(testPaymentIntents).where(inArray(testPaymentIntents.orderId, orderIds));

for (const target of testDatabaseTargets()) {
  describe.skipIf(target.skip)(`reservation expiry ${target.title}`, () => {
    let handle: DatabaseHandle;
    let ctx: OrdersContext;
    let gateway: TestPaymentGateway;
    let published: DomainEvent[];
    beforeAll(async () => {
      handle = await createTestDatabase(target.options);
      ({ ctx, gateway, published } = ordersContext(handle.db));
      expect(ctx.unpaidOrderHoldMinutes).toBe(HOLD_MINUTES);
    });
    afterAll(async () => {
      await handle?.close();
    });

    it("cancels only unpaid orders older than the hold, releases their stock once and says so", async () => {
      const old = await unpaidOrders(handle.db, 2, HOLD_MINUTES + 1);
      const fresh = await unpaidOrders(handle.db, 1, HOLD_MINUTES - 5);

      const expired = await expireUnpaidOrders(ctx);
      expect(expired.map((row) => row.id).sort()).toEqual([...old.ids].sort());
      expect(await stockOf(handle.db, old.tool.id)).toBe(104);
      expect(await stockOf(handle.db, fresh.tool.id)).toBe(100);
      const [kept] = await handle.db
        .select()
        .from(orders)
        .where(eq(orders.id, fresh.ids[0] ?? ""));
      expect(kept?.status).toBe("unpaid");
      // Published after commit, one OrderCancelled per expired order (the mail and the cache hear it).
      expect(
        published.map((event) => event.type === "OrderCancelled" && [event.order._id, event.reason]),
      ).toEqual(expect.arrayContaining(old.ids.map((id) => [id, "expiry"])));
      expect(published).toHaveLength(2);
      // The order keeps why it was cancelled: My orders says "Reservation expired" only for these.
      expect(expired.map((row) => row.cancelReason)).toEqual(["expiry", "expiry"]);

      // A second pass finds nothing more to release.
      expect(await expireUnpaidOrders(ctx)).toEqual([]);
      expect(await stockOf(handle.db, old.tool.id)).toBe(104);
    });

    it("cancels an expired order whose payment was started, and the payment at the test gateway", async () => {
      const old = await unpaidOrders(handle.db, 2, HOLD_MINUTES + 1, gateway);
      const fresh = await unpaidOrders(handle.db, 1, HOLD_MINUTES - 5, gateway);

      const expired = await expireUnpaidOrders(ctx);
      expect(expired.map((row) => row.id).sort()).toEqual([...old.ids].sort());
      expect((await orderRows(handle.db, old.ids)).map((row) => row.status)).toEqual([
        "cancelled",
        "cancelled",
      ]);
      expect(await stockOf(handle.db, old.tool.id)).toBe(104);
      expect((await intentRows(handle.db, old.ids)).map((row) => row.status)).toEqual([
        "canceled",
        "canceled",
      ]);
      // The customer's card can no longer pay it, and nothing is taken from the stock again.
      const paying = await gateway.confirmCard(old.secrets[0] ?? "", VALID_CARD, {
        settle: (id) => payTestIntentAndOrder(ctx, id),
      });
      expect(paying).toEqual({
        ok: false,
        message: "This payment was cancelled. Reload the page to pay again.",
      });
      expect(await stockOf(handle.db, old.tool.id)).toBe(104);
      // A reservation still running keeps its order and its payment.
      expect((await orderRows(handle.db, fresh.ids))[0]?.status).toBe("unpaid");
      expect((await intentRows(handle.db, fresh.ids))[0]?.status).toBe("requires_payment_method");
      expect(await expireUnpaidOrders(ctx)).toEqual([]);
    });

    it("refunds a test gateway payment that succeeds after the expiry, once, and the order stays cancelled", async () => {
      const { customer, tool, ids } = await unpaidOrders(handle.db, 1, HOLD_MINUTES + 1, gateway);
      const orderId = ids[0] ?? "";
      await expireUnpaidOrders(ctx);
      expect(await stockOf(handle.db, tool.id)).toBe(102);
      // The gateway took the payment after all (as a payment under way at Stripe may still succeed).
      const [intent] = await handle.db
        .update(testPaymentIntents)
        .set({ status: "succeeded" })
        .where(eq(testPaymentIntents.orderId, orderId))
        .returning();
      const paymentId = intent?.id ?? "";

      // The browser reports it (PATCH /orders/:id), twice: refunded once, one OrderRefunded (the mail).
      for (let i = 0; i < 2; i++) {
        await expect(confirmPayment(ctx, customer, orderId, paymentId)).rejects.toMatchObject({
          statusCode: 409,
          message: "This order was cancelled before your payment arrived, so it has been refunded.",
        });
      }
      const [refunded] = await intentRows(handle.db, ids);
      expect(refunded?.refundedAt).toBeInstanceOf(Date);
      const [order] = await orderRows(handle.db, ids);
      expect(order).toMatchObject({ status: "cancelled", cancelReason: "expiry", transactionId: paymentId });
      expect(await stockOf(handle.db, tool.id)).toBe(102);
      const refundEvents = published.filter((event) => event.type === "OrderRefunded");
      expect(refundEvents.filter((event) => event.order._id === orderId)).toEqual([
        expect.objectContaining({ paymentId, order: expect.objectContaining({ status: "cancelled" }) }),
      ]);
      expect(published.some((event) => event.type === "OrderPaid" && event.order._id === orderId)).toBe(
        false,
      );
    });

    it.skipIf(target.options.kind !== "postgres")(
      "lets only one of the expiry and a concurrent card payment win each order",
      async () => {
        const racing = await unpaidOrders(handle.db, 30, HOLD_MINUTES + 1, gateway);
        // Payments started and never made: the expiry must take these whatever the race does.
        const abandoned = await unpaidOrders(handle.db, 3, HOLD_MINUTES + 1, gateway);
        const seen = published.length;
        // The expiry goes through the orders first to last while the customers pay last to first, one
        // after another: they meet somewhere in the middle, on an order both want.
        const payments: Awaited<ReturnType<typeof gateway.confirmCard>>[] = [];
        const payAll = async () => {
          for (let i = racing.secrets.length - 1; i >= 0; i--) {
            payments[i] = await gateway.confirmCard(racing.secrets[i] ?? "", VALID_CARD, {
              settle: (id) => payTestIntentAndOrder(ctx, id),
            });
          }
        };
        await Promise.all([expireUnpaidOrders(ctx), payAll()]);

        const rows = await orderRows(handle.db, racing.ids);
        const intents = new Map((await intentRows(handle.db, racing.ids)).map((row) => [row.orderId, row]));
        racing.ids.forEach((id, i) => {
          const row = rows.find((order) => order.id === id);
          const intent = intents.get(id);
          if (payments[i]?.ok) {
            // The payment won: paid with its intent, which keeps its money.
            expect(row).toMatchObject({ status: "paid", transactionId: intent?.id });
            expect(intent).toMatchObject({ status: "succeeded", refundedAt: null });
          } else {
            // The expiry won: the card was refused, nothing was charged.
            expect(payments[i]).toEqual({ ok: false, message: expect.stringContaining("cancelled") });
            expect(row).toMatchObject({ status: "cancelled", transactionId: null });
            expect(intent?.status).toBe("canceled");
          }
        });
        const cancelled = rows.filter((row) => row.status === "cancelled").length;
        expect(await stockOf(handle.db, racing.tool.id)).toBe(100 + 2 * cancelled);
        expect((await orderRows(handle.db, abandoned.ids)).map((row) => row.status)).toEqual([
          "cancelled",
          "cancelled",
          "cancelled",
        ]);
        expect(await stockOf(handle.db, abandoned.tool.id)).toBe(106);
        const events = published.slice(seen);
        expect(events.filter((event) => event.type === "OrderCancelled")).toHaveLength(cancelled + 3);
        expect(events.filter((event) => event.type === "OrderPaid")).toHaveLength(30 - cancelled);
      },
    );
  });
}

const skipped = missingBackends({ postgres: true });
const run = promisify(execFile);
const worker = fileURLToPath(new URL("../../testing/expiry-worker.ts", import.meta.url));

describe.skipIf(skipped)(`reservation expiry in two processes on one PostgreSQL${skipped}`, () => {
  it("releases each expired order's stock exactly once", async () => {
    const database = await freshPostgres();
    try {
      const { tool, ids } = await unpaidOrders(database.handle.db, 20, HOLD_MINUTES + 1);
      // Half of them with a payment started: both processes cancel it, one cancels the order.
      const gateway = new TestPaymentGateway(database.handle.db, TEST_GATEWAY_SECRET);
      const paying = await unpaidOrders(database.handle.db, 20, HOLD_MINUTES + 1, gateway);
      const args = [database.url, String(HOLD_MINUTES), String(Date.now() + 3_000)];
      const outputs = await Promise.all(
        [1, 2].map(() => run(process.execPath, ["--import", "tsx", worker, ...args])),
      );
      const claimed = outputs.flatMap((output) => JSON.parse(output.stdout) as string[]);
      // Every order was cancelled by exactly one of the two processes.
      expect(claimed.sort()).toEqual([...ids, ...paying.ids].sort());
      expect(await stockOf(database.handle.db, tool.id)).toBe(100 + 20 * 2);
      expect(await stockOf(database.handle.db, paying.tool.id)).toBe(100 + 20 * 2);
      const intents = await intentRows(database.handle.db, paying.ids);
      expect(intents.map((row) => row.status)).toEqual(paying.ids.map(() => "canceled"));
    } finally {
      await database.handle.close();
    }
  }, 60_000);
});

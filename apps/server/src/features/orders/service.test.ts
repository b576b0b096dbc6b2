import type { DatabaseHandle } from "@toolshop/db/client";
import { orders } from "@toolshop/db/schema";
import { testDatabaseTargets } from "@toolshop/db/test-support";
import { createTestDatabase } from "@toolshop/db/testing";
import { createOrderBodySchema } from "@toolshop/shared/orders";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addCustomer, addTool, ordersOfTool, stockOf } from "../../testing/fixtures";
import type { OrdersContext } from "./context";
import { confirmPayment, startPayment } from "./payment";
import { createOrder } from "./place-order";
import { deleteOrder, getOrderForPayment, listOrdersFor } from "./service";
import { ordersContext, VALID_CARD } from "./test-fixtures";

for (const target of testDatabaseTargets()) {
  describe.skipIf(target.skip)(`orders service ${target.title}`, () => {
    let handle: DatabaseHandle;
    let ctx: OrdersContext;
    let paidAnnouncements: ReturnType<typeof ordersContext>["paidAnnouncements"];
    let gateway: ReturnType<typeof ordersContext>["gateway"];
    beforeAll(async () => {
      handle = await createTestDatabase(target.options);
      ({ ctx, gateway, paidAnnouncements } = ordersContext(handle.db));
    });
    afterAll(async () => {
      await handle?.close();
    });

    async function placeOrder(quantity = 3, options: { stock?: number } = {}) {
      const customer = await addCustomer(handle.db);
      const tool = await addTool(handle.db, { availableQuantity: options.stock ?? 100 });
      const body = { toolId: tool.id, address: "1 Main St", phone: "+1 555-0100", quantity };
      const { order } = await createOrder(ctx, customer, body);
      return { customer, tool, order };
    }

    async function payWithCard(orderId: string, customer: { id: string; email: string }, card = VALID_CARD) {
      const { clientSecret } = await startPayment(ctx, customer, orderId);
      return gateway.confirmCard(clientSecret, card);
    }

    it("takes name, image, prices and email from the tool and the token, never from the client", async () => {
      const customer = await addCustomer(handle.db);
      const tool = await addTool(handle.db, { priceCents: 1250, minQuantity: 2, availableQuantity: 50 });
      // What a client might send: the schema strips everything but toolId, address, phone, quantity.
      const { lines, ...body } = createOrderBodySchema.parse({
        toolId: tool.id,
        address: " 1 Main St ",
        phone: "+1 555-0100",
        quantity: 4,
        price: 0.01,
        name: "Gold bar",
        email: "someone-else@example.com",
        image: "https://evil.example/x.png",
      });
      expect(lines).toBeUndefined();
      const { order, replayed } = await createOrder(ctx, customer, body);
      expect(replayed).toBe(false);
      expect(order).toMatchObject({
        name: "Test Pliers",
        image: "/images/tools/pliers.svg",
        email: customer.email,
        address: "1 Main St",
        unitPrice: 12.5,
        price: 50,
        quantity: 4,
        paid: false,
        status: "unpaid",
        transactionId: null,
      });
      expect(await stockOf(handle.db, tool.id)).toBe(46);
    });

    it("refuses a quantity below the minimum or above the stock, and an unknown tool, taking nothing", async () => {
      const customer = await addCustomer(handle.db);
      const tool = await addTool(handle.db, { minQuantity: 5, availableQuantity: 8 });
      const order = (quantity: number) =>
        createOrder(ctx, customer, { toolId: tool.id, address: "a", phone: "1", quantity });

      await expect(order(4)).rejects.toMatchObject({
        statusCode: 400,
        message: "The minimum order for Test Pliers is 5 units.",
      });
      await expect(order(9)).rejects.toMatchObject({
        statusCode: 409,
        message: "Not enough stock: only 8 units of Test Pliers are available.",
      });
      await expect(
        createOrder(ctx, customer, {
          toolId: "3f1e2d4c-5b6a-4789-8abc-def012345678",
          address: "a",
          phone: "1",
          quantity: 5,
        }),
      ).rejects.toMatchObject({ statusCode: 404, message: "There is no tool with this id." });
      expect(await stockOf(handle.db, tool.id)).toBe(8);

      await order(8);
      expect(await stockOf(handle.db, tool.id)).toBe(0);
      await expect(order(5)).rejects.toMatchObject({
        statusCode: 409,
        message: "Not enough stock: Test Pliers is sold out.",
      });
    });

    it("refuses an order whose total is more than a card payment can take", async () => {
      const customer = await addCustomer(handle.db);
      const tool = await addTool(handle.db, {
        priceCents: 5_000_000,
        minQuantity: 1,
        availableQuantity: 100,
      });
      await expect(
        createOrder(ctx, customer, { toolId: tool.id, address: "a", phone: "1", quantity: 20 }),
      ).rejects.toMatchObject({ statusCode: 400, message: expect.stringContaining("too large") });
      expect(await stockOf(handle.db, tool.id)).toBe(100);
    });

    it("answers the first order again for a repeated Idempotency-Key, per user", async () => {
      const customer = await addCustomer(handle.db);
      const other = await addCustomer(handle.db);
      const tool = await addTool(handle.db, { availableQuantity: 100 });
      const body = { toolId: tool.id, address: "a", phone: "1", quantity: 10 };

      const first = await createOrder(ctx, customer, body, "checkout-1");
      const again = await createOrder(ctx, customer, body, "checkout-1");
      expect(again).toEqual({ order: first.order, replayed: true });
      // Another user's identical key is theirs alone; no key means a new order each time.
      const others = await createOrder(ctx, other, body, "checkout-1");
      expect(others.order._id).not.toBe(first.order._id);
      await createOrder(ctx, customer, body);

      expect(await ordersOfTool(handle.db, tool.id)).toHaveLength(3);
      expect(await stockOf(handle.db, tool.id)).toBe(70);
    });

    it("lets a key be used again after its request failed", async () => {
      const customer = await addCustomer(handle.db);
      const tool = await addTool(handle.db, { minQuantity: 2, availableQuantity: 10 });
      const body = (quantity: number) => ({ toolId: tool.id, address: "a", phone: "1", quantity });
      await expect(createOrder(ctx, customer, body(50), "retry-key")).rejects.toMatchObject({
        statusCode: 409,
      });
      const { replayed, order } = await createOrder(ctx, customer, body(3), "retry-key");
      expect(replayed).toBe(false);
      expect(order.quantity).toBe(3);
    });

    it("lists a customer's orders newest first, and only theirs", async () => {
      const customer = await addCustomer(handle.db);
      const tool = await addTool(handle.db);
      const body = { toolId: tool.id, address: "a", phone: "1", quantity: 2 };
      const first = await createOrder(ctx, customer, body);
      const second = await createOrder(ctx, customer, { ...body, quantity: 3 });
      await placeOrder();

      const listed = await listOrdersFor(ctx, customer.email.toUpperCase());
      expect(listed.orders.map((order) => order._id)).toEqual([second.order._id, first.order._id]);
      expect(await listOrdersFor(ctx, "nobody@example.com")).toEqual({ orders: [], nextCursor: null });
    });

    it("deletes an unpaid order and puts its stock back; a second delete answers 0", async () => {
      const { customer, tool, order } = await placeOrder(7, { stock: 30 });
      expect(await stockOf(handle.db, tool.id)).toBe(23);

      expect(await deleteOrder(ctx, customer, order._id)).toEqual({ deletedCount: 1 });
      expect(await stockOf(handle.db, tool.id)).toBe(30);
      expect(await deleteOrder(ctx, customer, order._id)).toEqual({ deletedCount: 0 });
      expect(await stockOf(handle.db, tool.id)).toBe(30);
    });

    it("lets only the owner or an admin delete, and only the owner see the order to pay", async () => {
      const { customer, order } = await placeOrder();
      const stranger = await addCustomer(handle.db);
      const admin = await addCustomer(handle.db, { role: "admin" });

      await expect(deleteOrder(ctx, stranger, order._id)).rejects.toMatchObject({ statusCode: 403 });
      await expect(getOrderForPayment(ctx, stranger, order._id)).rejects.toMatchObject({
        statusCode: 403,
        message: "This order belongs to another customer.",
      });
      await expect(startPayment(ctx, stranger, order._id)).rejects.toMatchObject({ statusCode: 403 });
      expect(await getOrderForPayment(ctx, customer, order._id)).toEqual(order);
      expect(await deleteOrder(ctx, admin, order._id)).toEqual({ deletedCount: 1 });
    });

    it("pays an order once: the same client secret on every call, marked paid once, then no new payment", async () => {
      const { customer, order } = await placeOrder(2);
      const first = await startPayment(ctx, customer, order._id);
      expect(await startPayment(ctx, customer, order._id)).toEqual(first);

      const confirmation = await gateway.confirmCard(first.clientSecret, VALID_CARD);
      if (!confirmation.ok || !("intent" in confirmation)) throw new Error("the test card was refused");
      const paymentId = confirmation.intent.id;
      expect(paymentId).toMatch(/^pi_/);
      // Paying the same intent again charges nothing more.
      expect(await gateway.confirmCard(first.clientSecret, VALID_CARD)).toEqual(confirmation);

      const before = paidAnnouncements.length;
      const paid = await confirmPayment(ctx, customer, order._id, paymentId);
      expect(paid).toMatchObject({ _id: order._id, paid: true, status: "paid", transactionId: paymentId });
      expect(await confirmPayment(ctx, customer, order._id, paymentId)).toEqual(paid);
      expect(paidAnnouncements.slice(before)).toEqual([paid]);

      await expect(startPayment(ctx, customer, order._id)).rejects.toMatchObject({
        statusCode: 409,
        message: "This order is already paid.",
      });
      await expect(deleteOrder(ctx, customer, order._id)).rejects.toMatchObject({
        statusCode: 409,
        message: "A paid order cannot be deleted.",
      });
    });

    it("keeps a delivered and a refunded order on record (409), as the lifecycle table says", async () => {
      for (const status of ["delivered", "refunded"] as const) {
        const { customer, order } = await placeOrder(2);
        // Without a payment intent: the gateway's answer cannot be what refuses the delete.
        await handle.db.update(orders).set({ status }).where(eq(orders.id, order._id));
        await expect(deleteOrder(ctx, customer, order._id), status).rejects.toMatchObject({
          statusCode: 409,
          message: "A paid order cannot be deleted.",
        });
        expect((await getOrderForPayment(ctx, customer, order._id)).status).toBe(status);
      }
    });

    it("refuses a made-up transaction id, an unpaid payment, another order's payment and a wrong amount", async () => {
      const { customer, order } = await placeOrder(2);
      const refused = (transactionId: string) => confirmPayment(ctx, customer, order._id, transactionId);

      await expect(refused("pi_made_up_123")).rejects.toMatchObject({
        statusCode: 400,
        message: "There is no payment with this transaction id.",
      });

      const { clientSecret } = await startPayment(ctx, customer, order._id);
      const [unpaidId] = clientSecret.split("_secret_");
      await expect(refused(String(unpaidId))).rejects.toMatchObject({
        statusCode: 402,
        message: "This payment has not succeeded.",
      });

      const otherOrder = await placeOrder(2);
      const otherPayment = await payWithCard(otherOrder.order._id, otherOrder.customer);
      if (!otherPayment.ok || !("intent" in otherPayment)) throw new Error("the test card was refused");
      await expect(refused(otherPayment.intent.id)).rejects.toMatchObject({
        statusCode: 400,
        message: "This payment is for another order.",
      });

      // A payment for this order, but of one cent.
      const cheap = await gateway.createIntent({
        orderId: order._id,
        amountCents: 1,
        currency: "usd",
        idempotencyKey: "cheap",
        description: "forged",
      });
      await gateway.confirmCard(cheap.clientSecret, VALID_CARD);
      await expect(refused(cheap.id)).rejects.toMatchObject({
        statusCode: 400,
        message: "This payment's amount does not match the order's total.",
      });

      expect((await getOrderForPayment(ctx, customer, order._id)).paid).toBe(false);
    });

    it("leaves the order unpaid after a declined card", async () => {
      const { customer, order } = await placeOrder(2);
      expect(
        await payWithCard(order._id, customer, { ...VALID_CARD, number: "4000 0000 0000 0002" }),
      ).toEqual({
        ok: false,
        message: "Your card was declined.",
      });
      expect((await getOrderForPayment(ctx, customer, order._id)).paid).toBe(false);
    });

    it("closes an order's open payment when the order is deleted", async () => {
      const { customer, order, tool } = await placeOrder(4, { stock: 10 });
      const { clientSecret } = await startPayment(ctx, customer, order._id);
      expect(await deleteOrder(ctx, customer, order._id)).toEqual({ deletedCount: 1 });
      expect(await stockOf(handle.db, tool.id)).toBe(10);
      expect(await gateway.confirmCard(clientSecret, VALID_CARD)).toEqual({
        ok: false,
        message: "This payment was cancelled. Reload the page to pay again.",
      });
    });

    it("keeps an order whose payment succeeded without being reported, and marks it paid", async () => {
      const { customer, order, tool } = await placeOrder(4, { stock: 10 });
      // The browser paid, then closed before PATCH /orders/:id.
      const { clientSecret } = await startPayment(ctx, customer, order._id);
      const [intentId] = clientSecret.split("_secret_");
      await gateway.confirmCard(clientSecret, VALID_CARD);

      await expect(deleteOrder(ctx, customer, order._id)).rejects.toMatchObject({ statusCode: 409 });
      expect(await getOrderForPayment(ctx, customer, order._id)).toMatchObject({
        paid: true,
        transactionId: intentId,
      });
      expect(await stockOf(handle.db, tool.id)).toBe(6);
    });
  });
}

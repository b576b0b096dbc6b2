import { orderLines, orders } from "@toolshop/db/schema";
import { testDatabaseTargets } from "@toolshop/db/test-support";
import { type Order, orderSchema } from "@toolshop/shared/orders";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, type SignedInCustomer, signedInCustomer } from "../../testing/api-client";
import { addTool, stockOf } from "../../testing/fixtures";
import { createTestApp, type TestApp } from "../../testing/test-app";

for (const target of testDatabaseTargets()) {
  describe.skipIf(target.skip)(`orders API ${target.title}`, () => {
    let t: TestApp;
    let customer: SignedInCustomer;
    let stranger: SignedInCustomer;
    let admin: SignedInCustomer;
    let tool: Awaited<ReturnType<typeof addTool>>;
    beforeAll(async () => {
      t = await createTestApp(target.options);
      customer = await signedInCustomer(t);
      stranger = await signedInCustomer(t);
      admin = await signedInCustomer(t, { role: "admin" });
      tool = await addTool(t.database.db, { priceCents: 1250, minQuantity: 5, availableQuantity: 1000 });
    });
    afterAll(async () => {
      await t?.close();
    });

    const orderBody = (overrides: object = {}) => ({
      toolId: tool.id,
      address: "1 Main St",
      phone: "+1 555-0100",
      quantity: 5,
      ...overrides,
    });

    async function placeOrder(who = customer, overrides: object = {}): Promise<Order> {
      const response = await call(t.app, who, "POST", "/api/orders", orderBody(overrides));
      expect(response.statusCode, response.body).toBe(201);
      return orderSchema.parse(response.json());
    }

    it("refuses to place an order without a valid token", async () => {
      const response = await call(t.app, undefined, "POST", "/api/orders", orderBody());
      expect(response.statusCode).toBe(401);
      const forged = await t.app.inject({
        method: "POST",
        url: "/api/orders",
        payload: orderBody(),
        headers: { authorization: "Bearer not.a.token" },
      });
      expect(forged.statusCode).toBe(401);
    });

    it("ignores a client-sent price of 0.01, name, image and email", async () => {
      const order = await placeOrder(customer, {
        quantity: 8,
        price: 0.01,
        name: "Gold bar",
        image: "https://evil.example/x.png",
        email: stranger.email,
      });
      expect(order).toMatchObject({
        name: "Test Pliers",
        image: "/images/tools/pliers.svg",
        email: customer.email,
        unitPrice: 12.5,
        price: 100,
        quantity: 8,
        paid: false,
        transactionId: null,
      });
      const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order._id));
      expect(row).toMatchObject({ totalCents: 10000, userId: customer.id });
      const lines = await t.database.db.select().from(orderLines).where(eq(orderLines.orderId, order._id));
      expect(lines).toMatchObject([
        { name: "Test Pliers", image: "/images/tools/pliers.svg", unitPriceCents: 1250, quantity: 8 },
      ]);
    });

    it("refuses quantities that are zero, negative, fractional, below the minimum or above the stock", async () => {
      const stockBefore = await stockOf(t.database.db, tool.id);
      const cases: [unknown, number, string][] = [
        [0, 400, "Quantity must be at least 1"],
        [-3, 400, "Quantity must be at least 1"],
        [5.5, 400, "Quantity must be a whole number"],
        ["7", 400, "quantity is required"],
        [undefined, 400, "quantity is required"],
        [4, 400, "The minimum order for Test Pliers is 5 units."],
        [5000, 409, `Not enough stock: only ${stockBefore} units of Test Pliers are available.`],
      ];
      for (const [quantity, status, message] of cases) {
        const response = await call(t.app, customer, "POST", "/api/orders", orderBody({ quantity }));
        expect(response.statusCode, String(quantity)).toBe(status);
        expect(response.json(), String(quantity)).toMatchObject({ statusCode: status, message });
      }
      expect(await stockOf(t.database.db, tool.id)).toBe(stockBefore);
    });

    it("answers the checkout rules' messages for a bad address or phone", async () => {
      const bad = await call(
        t.app,
        customer,
        "POST",
        "/api/orders",
        orderBody({ address: " ", phone: "call me" }),
      );
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe("address is required; Phone must be a number");
      const missing = await call(t.app, customer, "POST", "/api/orders", { toolId: tool.id, quantity: 5 });
      expect(missing.json().message).toBe("address is required; Phone is required");
    });

    it("creates one order for a repeated Idempotency-Key (a double click)", async () => {
      const headers = { "idempotency-key": "checkout-visit-1" };
      const first = await call(t.app, customer, "POST", "/api/orders", orderBody({ quantity: 6 }), headers);
      const second = await call(t.app, customer, "POST", "/api/orders", orderBody({ quantity: 6 }), headers);
      expect(first.statusCode).toBe(201);
      expect(second.statusCode).toBe(201);
      expect(second.json()).toEqual(first.json());
      expect(first.headers["idempotent-replayed"]).toBeUndefined();
      expect(second.headers["idempotent-replayed"]).toBe("true");

      const tooLong = await call(t.app, customer, "POST", "/api/orders", orderBody(), {
        "idempotency-key": "k".repeat(256),
      });
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json().message).toBe("The Idempotency-Key header must be at most 255 characters");
    });

    it("shows a customer their orders newest first, an admin anyone's, and nobody else", async () => {
      const buyer = await signedInCustomer(t);
      const older = await placeOrder(buyer);
      const newer = await placeOrder(buyer, { quantity: 9 });

      const own = await call(t.app, buyer, "GET", `/api/orders/${encodeURIComponent(buyer.email)}`);
      expect(own.statusCode).toBe(200);
      expect(own.json().map((order: Order) => order._id)).toEqual([newer._id, older._id]);

      const byAdmin = await call(t.app, admin, "GET", `/api/orders/${encodeURIComponent(buyer.email)}`);
      expect(byAdmin.json()).toEqual(own.json());

      const byStranger = await call(t.app, stranger, "GET", `/api/orders/${encodeURIComponent(buyer.email)}`);
      expect(byStranger.statusCode).toBe(403);
      expect(byStranger.json().message).toBe("You can only see your own orders.");
    });

    it("refuses another user's payment page, payment, confirmation and delete", async () => {
      const order = await placeOrder();
      const attempts = [
        call(t.app, stranger, "GET", `/api/payment/${order._id}`),
        call(t.app, stranger, "POST", "/api/create-payment-intent", { orderId: order._id }),
        call(t.app, stranger, "PATCH", `/api/orders/${order._id}`, { transactionId: "pi_test_123" }),
        call(t.app, stranger, "DELETE", `/api/orders/${order._id}`),
      ];
      for (const response of await Promise.all(attempts)) {
        expect(response.statusCode).toBe(403);
        expect(response.json().message).toBe("This order belongs to another customer.");
      }
      const own = await call(t.app, customer, "GET", `/api/payment/${order._id}`);
      expect(own.statusCode).toBe(200);
      expect(own.json()).toEqual(order);
    });

    it("deletes an unpaid order, releasing its stock; an admin may too; a second delete answers 0", async () => {
      const owner = await signedInCustomer(t);
      const before = await stockOf(t.database.db, tool.id);
      const order = await placeOrder(owner, { quantity: 11 });
      expect(await stockOf(t.database.db, tool.id)).toBe((before ?? 0) - 11);

      const deleted = await call(t.app, owner, "DELETE", `/api/orders/${order._id}`);
      expect(deleted.json()).toEqual({ deletedCount: 1 });
      expect(await stockOf(t.database.db, tool.id)).toBe(before);
      const again = await call(t.app, owner, "DELETE", `/api/orders/${order._id}`);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual({ deletedCount: 0 });

      const another = await placeOrder(owner);
      expect((await call(t.app, admin, "DELETE", `/api/orders/${another._id}`)).json()).toEqual({
        deletedCount: 1,
      });
    });

    it("does not mark an order paid with a made-up transaction id", async () => {
      const payer = await signedInCustomer(t);
      const order = await placeOrder(payer);
      const madeUp = await call(t.app, payer, "PATCH", `/api/orders/${order._id}`, {
        transactionId: "pi_3MadeUpTransaction",
      });
      expect(madeUp.statusCode).toBe(400);
      expect(madeUp.json().message).toBe("There is no payment with this transaction id.");
      const notAnId = await call(t.app, payer, "PATCH", `/api/orders/${order._id}`, {
        transactionId: "paid!",
      });
      expect(notAnId.statusCode).toBe(400);
      expect(notAnId.json().message).toBe("transactionId must be a payment id (pi_…)");

      const page = await call(t.app, payer, "GET", `/api/payment/${order._id}`);
      expect(page.json()).toMatchObject({ paid: false, transactionId: null });
    });

    it("refuses an Idempotency-Key used again with a different body (422), and takes no stock", async () => {
      const buyer = await signedInCustomer(t);
      const headers = { "idempotency-key": "checkout-visit-2" };
      const first = await call(t.app, buyer, "POST", "/api/orders", orderBody({ quantity: 6 }), headers);
      expect(first.statusCode).toBe(201);
      const before = await stockOf(t.database.db, tool.id);
      const other = await call(t.app, buyer, "POST", "/api/orders", orderBody({ quantity: 7 }), headers);
      expect(other.statusCode).toBe(422);
      expect(other.json().message).toBe(
        "This Idempotency-Key was already used for a different order. Please use a new key for a new order.",
      );
      expect(await stockOf(t.database.db, tool.id)).toBe(before);
    });

    it("refuses a fourth unpaid order with a sentence that says what to do, until one is deleted", async () => {
      const buyer = await signedInCustomer(t);
      const held = [await placeOrder(buyer), await placeOrder(buyer), await placeOrder(buyer)];
      const fourth = await call(t.app, buyer, "POST", "/api/orders", orderBody());
      expect(fourth.statusCode).toBe(409);
      expect(fourth.json().message).toBe(
        "You already have 3 unpaid orders. Please pay or delete one of them in My orders before placing another.",
      );
      await call(t.app, buyer, "DELETE", `/api/orders/${held[0]?._id}`);
      await placeOrder(buyer);
    });
  });
}

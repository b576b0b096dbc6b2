// Orders of several lines (issue 48) through the API: a cart of three tools placed, paid once, shipped
// and one line refunded; a short line refuses the whole order and names it; the body's caps.
import { orders } from "@toolshop/db/schema";
import { testDatabaseTargets } from "@toolshop/db/test-support";
import { MAX_ORDER_LINES, type Order, orderSchema } from "@toolshop/shared/orders";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, type SignedInCustomer, signedInCustomer } from "../../testing/api-client";
import { addTool, stockOf } from "../../testing/fixtures";
import { outboxMailTo } from "../../testing/identity-client";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { invoiceSettings } from "../invoices/settings";
import { TestPaymentGateway } from "../payments/test-gateway";
import { expireUnpaidOrders } from "./expiry";
import { payThroughCheckout, TEST_GATEWAY_SECRET } from "./test-fixtures";

const WHERE = { address: "1 Main St", phone: "+1 555-0100" };

for (const target of testDatabaseTargets()) {
  describe.skipIf(target.skip)(`orders of several lines ${target.title}`, () => {
    let t: TestApp;
    let admin: SignedInCustomer;
    beforeAll(async () => {
      t = await createTestApp(target.options);
      admin = await signedInCustomer(t, { role: "admin" });
    });
    afterAll(async () => {
      await t?.close();
    });

    /** Three tools: pliers at 12.50 (min 2), a drill at 89.00, a level at 20.00, 10 of each in stock. */
    async function threeTools() {
      const db = t.database.db;
      return Promise.all([
        addTool(db, { priceCents: 1250, minQuantity: 2, availableQuantity: 10 }),
        addTool(db, { priceCents: 8900, minQuantity: 1, availableQuantity: 10 }),
        addTool(db, { priceCents: 2000, minQuantity: 1, availableQuantity: 10 }),
      ]);
    }

    async function place(
      who: SignedInCustomer,
      lines: { toolId: string; quantity: number }[],
    ): Promise<Order> {
      const response = await call(t.app, who, "POST", "/api/orders", { lines, ...WHERE });
      expect(response.statusCode, response.body).toBe(201);
      return orderSchema.parse(response.json());
    }

    it("places a cart of three tools, is paid once, ships, and refunds one line's units and amount", async () => {
      const customer = await signedInCustomer(t);
      const [pliers, drill, level] = await threeTools();
      const order = await place(customer, [
        { toolId: pliers.id, quantity: 4 },
        { toolId: drill.id, quantity: 1 },
        { toolId: level.id, quantity: 3 },
      ]);
      // Prices from the tools; the spec's fields: the first line's name, the sum of quantities, the total.
      expect(order.lines.map((line) => [line.toolId, line.unitPrice, line.quantity, line.total])).toEqual([
        [pliers.id, 12.5, 4, 50],
        [drill.id, 89, 1, 89],
        [level.id, 20, 3, 60],
      ]);
      expect(order).toMatchObject({ toolId: pliers.id, name: pliers.name, quantity: 8, price: 199 });
      expect([await stockOf(t.database.db, pliers.id), await stockOf(t.database.db, drill.id)]).toEqual([
        6, 9,
      ]);
      expect(await stockOf(t.database.db, level.id)).toBe(7);

      // One payment for the whole order: its total.
      const intent = await call(t.app, customer, "POST", "/api/create-payment-intent", {
        orderId: order._id,
      });
      expect(intent.statusCode, intent.body).toBe(200);
      await payThroughCheckout(t.app, customer, order._id);
      const confirmation = await outboxMailTo(
        t.dataDir,
        customer.email,
        `Your Toolshop order is paid: ${order.number}, 4 x `,
      );
      expect(confirmation).toContain("and 2 more tools");
      expect(confirmation).toContain("Total paid: $199.00");
      for (const line of [
        "4 x Test Pliers ($50.00)",
        "1 x Test Pliers ($89.00)",
        "3 x Test Pliers ($60.00)",
      ]) {
        expect(confirmation).toContain(line);
      }
      const mine = await call(t.app, customer, "GET", `/api/orders/${customer.email}`);
      const listed = (mine.json() as Order[]).find((each) => each._id === order._id);
      expect(listed?.status).toBe("paid");
      expect(listed?.lines).toHaveLength(3);

      const shipped = await call(t.app, admin, "POST", `/api/orders/${order._id}/ship`, {
        carrier: "UPS",
        trackingNumber: "1Z999AA10123456784",
      });
      expect(shipped.statusCode, shipped.body).toBe(200);

      // Two of the three levels come back: 40.00 refunded, two levels on the shelf again.
      const refunded = await call(t.app, admin, "POST", `/api/orders/${order._id}/refund`, {
        lines: [{ toolId: level.id, quantity: 2 }],
      });
      expect(refunded.statusCode, refunded.body).toBe(200);
      const after = orderSchema.parse(refunded.json());
      expect(after.status).toBe("shipped");
      expect(after.lines.map((line) => line.refundedQuantity)).toEqual([0, 0, 2]);
      expect(await stockOf(t.database.db, level.id)).toBe(9);
      expect([await stockOf(t.database.db, pliers.id), await stockOf(t.database.db, drill.id)]).toEqual([
        6, 9,
      ]);
      const mail = await outboxMailTo(t.dataDir, customer.email, "Part of your Toolshop order was refunded");
      expect(mail).toContain("Amount refunded: $40.00");
      expect(mail).toContain("Refunded: 2 x Test Pliers");

      // The third level may still be refunded; a fourth may not, and nothing changes.
      const tooMany = await call(t.app, admin, "POST", `/api/orders/${order._id}/refund`, {
        lines: [{ toolId: level.id, quantity: 2 }],
      });
      expect(tooMany.statusCode).toBe(409);
      expect(tooMany.json().message).toBe(
        `Nothing was refunded: only 1 units of ${level.name} are left to refund.`,
      );
      expect(await stockOf(t.database.db, level.id)).toBe(9);
    });

    it("makes a paid order refunded once every line is refunded, line by line", async () => {
      const customer = await signedInCustomer(t);
      const [pliers, drill] = await threeTools();
      const order = await place(customer, [
        { toolId: pliers.id, quantity: 2 },
        { toolId: drill.id, quantity: 1 },
      ]);
      await payThroughCheckout(t.app, customer, order._id);
      const first = await call(t.app, admin, "POST", `/api/orders/${order._id}/refund`, {
        lines: [{ toolId: drill.id, quantity: 1 }],
      });
      expect(first.json().status).toBe("paid");
      const second = await call(t.app, admin, "POST", `/api/orders/${order._id}/refund`, {
        lines: [{ toolId: pliers.id, quantity: 2 }],
      });
      expect(second.statusCode, second.body).toBe(200);
      expect(second.json().status).toBe("refunded");
      expect([await stockOf(t.database.db, pliers.id), await stockOf(t.database.db, drill.id)]).toEqual([
        10, 10,
      ]);
    });

    it("places nothing when a line is short, naming every short line", async () => {
      const customer = await signedInCustomer(t);
      const [pliers, drill, level] = await threeTools();
      const response = await call(t.app, customer, "POST", "/api/orders", {
        lines: [
          { toolId: pliers.id, quantity: 4 },
          { toolId: drill.id, quantity: 11 },
          { toolId: level.id, quantity: 12 },
        ],
        ...WHERE,
      });
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(
        `Nothing was ordered: only 10 units of ${drill.name} are available; only 10 units of ${level.name} are available.`,
      );
      for (const tool of [pliers, drill, level]) expect(await stockOf(t.database.db, tool.id)).toBe(10);
      const mine = await call(t.app, customer, "GET", `/api/orders/${customer.email}`);
      expect(mine.json()).toEqual([]);
    });

    it("names a line below its tool's minimum and a tool that is gone", async () => {
      const customer = await signedInCustomer(t);
      const [pliers, drill] = await threeTools();
      const gone = crypto.randomUUID();
      const response = await call(t.app, customer, "POST", "/api/orders", {
        lines: [
          { toolId: pliers.id, quantity: 1 },
          { toolId: drill.id, quantity: 1 },
          { toolId: gone, quantity: 1 },
        ],
        ...WHERE,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(
        `Nothing was ordered: the minimum order for ${pliers.name} is 2 units; the tool ${gone} is no longer sold.`,
      );
      expect(await stockOf(t.database.db, drill.id)).toBe(10);
    });

    it("refuses a tool twice, more than the most lines, no line, and both shapes at once", async () => {
      const customer = await signedInCustomer(t);
      const [pliers] = await threeTools();
      const post = (body: object) => call(t.app, customer, "POST", "/api/orders", { ...WHERE, ...body });
      const twice = await post({ lines: [pliers.id, pliers.id].map((toolId) => ({ toolId, quantity: 2 })) });
      expect([twice.statusCode, twice.json().message]).toEqual([
        400,
        "Each tool may appear only once in the lines of an order",
      ]);
      const many = Array.from({ length: MAX_ORDER_LINES + 1 }, () => ({
        toolId: crypto.randomUUID(),
        quantity: 1,
      }));
      expect((await post({ lines: many })).json().message).toBe(
        `An order holds at most ${MAX_ORDER_LINES} lines`,
      );
      expect((await post({ lines: [] })).json().message).toBe(
        "An order needs at least one line in its lines",
      );
      const both = await post({
        toolId: pliers.id,
        quantity: 2,
        lines: [{ toolId: pliers.id, quantity: 2 }],
      });
      expect([both.statusCode, both.json().message]).toEqual([
        400,
        "Send either lines or toolId and quantity, not both",
      ]);
      expect(await stockOf(t.database.db, pliers.id)).toBe(10);
    });

    it("answers a one-tool order with its one line, and shows every line to the admin", async () => {
      const customer = await signedInCustomer(t);
      const [pliers, drill] = await threeTools();
      const one = await call(t.app, customer, "POST", "/api/orders", {
        toolId: pliers.id,
        quantity: 3,
        ...WHERE,
      });
      expect(one.statusCode, one.body).toBe(201);
      expect(orderSchema.parse(one.json())).toMatchObject({
        name: pliers.name,
        quantity: 3,
        unitPrice: 12.5,
        price: 37.5,
        lines: [
          {
            toolId: pliers.id,
            name: pliers.name,
            unitPrice: 12.5,
            quantity: 3,
            total: 37.5,
            refundedQuantity: 0,
          },
        ],
      });
      const two = await place(customer, [
        { toolId: pliers.id, quantity: 2 },
        { toolId: drill.id, quantity: 1 },
      ]);
      const listed = await call(t.app, admin, "GET", `/api/orders?q=${encodeURIComponent(customer.email)}`);
      expect(listed.statusCode, listed.body).toBe(200);
      const byId = new Map((listed.json() as Order[]).map((each) => [each._id, each.lines.length]));
      expect(byId.get(two._id)).toBe(2);
      expect(byId.get(one.json()._id)).toBe(1);
      const payment = await call(t.app, customer, "GET", `/api/payment/${two._id}`);
      expect(orderSchema.parse(payment.json()).lines).toHaveLength(2);
      const detail = await call(t.app, admin, "GET", `/api/orders/${two._id}/detail`);
      expect(detail.json().lines).toHaveLength(2);
    });

    it("puts every line's stock back when an order is deleted, cancelled by an admin, or expires", async () => {
      const customer = await signedInCustomer(t);
      const [pliers, drill] = await threeTools();
      const cart = [
        { toolId: pliers.id, quantity: 3 },
        { toolId: drill.id, quantity: 2 },
      ];
      const stocks = async () => [
        await stockOf(t.database.db, pliers.id),
        await stockOf(t.database.db, drill.id),
      ];

      const deleted = await place(customer, cart);
      expect(await stocks()).toEqual([7, 8]);
      expect((await call(t.app, customer, "DELETE", `/api/orders/${deleted._id}`)).json()).toEqual({
        deletedCount: 1,
      });
      expect(await stocks()).toEqual([10, 10]);

      const cancelled = await place(customer, cart);
      const cancel = await call(t.app, admin, "POST", `/api/orders/${cancelled._id}/cancel`);
      expect(cancel.statusCode, cancel.body).toBe(200);
      expect(await stocks()).toEqual([10, 10]);

      const expiring = await place(customer, cart);
      const hold = t.app.config.unpaidOrderHoldMinutes;
      await t.database.db
        .update(orders)
        .set({ createdAt: new Date(Date.now() - (hold + 1) * 60_000) })
        .where(eq(orders.id, expiring._id));
      const { db, events, config } = t.app;
      const expired = await expireUnpaidOrders({
        db,
        events,
        gateway: new TestPaymentGateway(db, TEST_GATEWAY_SECRET),
        currency: config.currency,
        unpaidOrderHoldMinutes: hold,
        invoicing: invoiceSettings(config),
      });
      expect(expired.map((order) => order.id)).toContain(expiring._id);
      expect(await stocks()).toEqual([10, 10]);
    });

    it("answers a repeated cart with the same Idempotency-Key with the first order, taking the stock once", async () => {
      const customer = await signedInCustomer(t);
      const [pliers, drill] = await threeTools();
      const body = {
        lines: [
          { toolId: pliers.id, quantity: 2 },
          { toolId: drill.id, quantity: 1 },
        ],
        ...WHERE,
      };
      const key = { "idempotency-key": crypto.randomUUID() };
      const first = await call(t.app, customer, "POST", "/api/orders", body, key);
      const again = await call(t.app, customer, "POST", "/api/orders", body, key);
      expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
      expect(again.headers["idempotent-replayed"]).toBe("true");
      expect(again.json()).toEqual(first.json());
      expect([await stockOf(t.database.db, pliers.id), await stockOf(t.database.db, drill.id)]).toEqual([
        8, 9,
      ]);
      const other = await call(
        t.app,
        customer,
        "POST",
        "/api/orders",
        { ...body, lines: body.lines.slice(1) },
        key,
      );
      expect(other.statusCode).toBe(422);
    });

    it("documents both shapes of the body in the OpenAPI document", async () => {
      const doc = (await t.app.inject({ method: "GET", url: "/api/docs/json" })).json();
      const schema = doc.paths["/api/orders"].post.requestBody.content["application/json"].schema;
      expect(schema.anyOf).toEqual([{ required: ["toolId", "quantity"] }, { required: ["lines"] }]);
      expect(Object.keys(schema.properties)).toEqual([
        "toolId",
        "address",
        "phone",
        "quantity",
        "lines",
        "fromCart",
        "shipping",
        "country",
      ]);
    });
  });
}

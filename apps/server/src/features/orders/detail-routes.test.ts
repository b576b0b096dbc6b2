import { testDatabaseTargets } from "@toolshop/db/test-support";
import { orderDetailSchema } from "@toolshop/shared/order-detail";
import { formatOrderNumber, ORDER_NUMBER_PATTERN, type Order, orderSchema } from "@toolshop/shared/orders";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, type SignedInCustomer, signedInCustomer } from "../../testing/api-client";
import { addTool } from "../../testing/fixtures";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { VALID_CARD } from "./test-fixtures";

const UPS = { carrier: "UPS", trackingNumber: "1Z999AA10123456784" };

describe("formatOrderNumber", () => {
  it("pads to six digits and keeps longer numbers whole", () => {
    expect(formatOrderNumber(123)).toBe("TS-000123");
    expect(formatOrderNumber(1)).toBe("TS-000001");
    expect(formatOrderNumber(1234567)).toBe("TS-1234567");
    expect(formatOrderNumber(1234567)).toMatch(ORDER_NUMBER_PATTERN);
  });
});

for (const target of testDatabaseTargets()) {
  describe.skipIf(target.skip)(`order detail API ${target.title}`, () => {
    let t: TestApp;
    /** The buyer of the order placed last. */
    let owner: SignedInCustomer;
    let stranger: SignedInCustomer;
    let admin: SignedInCustomer;
    let tool: Awaited<ReturnType<typeof addTool>>;
    beforeAll(async () => {
      t = await createTestApp(target.options);
      stranger = await signedInCustomer(t);
      admin = await signedInCustomer(t, { role: "admin" });
      tool = await addTool(t.database.db, { priceCents: 1250, minQuantity: 1, availableQuantity: 1000 });
    });
    afterAll(async () => {
      await t?.close();
    });

    // A customer may hold only a few unpaid orders: each order has a buyer of its own.
    async function placeOrder(): Promise<Order> {
      owner = await signedInCustomer(t);
      const body = { toolId: tool.id, address: "1 Main St", phone: "+1 555-0100", quantity: 3 };
      const response = await call(t.app, owner, "POST", "/api/orders", body);
      expect(response.statusCode, response.body).toBe(201);
      return orderSchema.parse(response.json());
    }

    /** Pays on the test gateway as the checkout does; answers the payment id. */
    async function pay(order: Order): Promise<string> {
      const intent = await call(t.app, owner, "POST", "/api/create-payment-intent", { orderId: order._id });
      const confirmed = await call(t.app, owner, "POST", "/api/test-gateway/confirm", {
        clientSecret: intent.json().clientSecret,
        card: VALID_CARD,
        billing: { name: "Ada", email: owner.email },
      });
      const paymentId: string = confirmed.json().paymentIntent.id;
      const paid = await call(t.app, owner, "PATCH", `/api/orders/${order._id}`, {
        transactionId: paymentId,
      });
      expect(paid.statusCode, paid.body).toBe(200);
      return paymentId;
    }

    const detailOf = (who: SignedInCustomer | undefined, id: string) =>
      call(t.app, who, "GET", `/api/orders/${id}/detail`);

    it("shows the owner a new order: its number, lines and the unpaid status", async () => {
      const order = await placeOrder();
      const response = await detailOf(owner, order._id);
      expect(response.statusCode, response.body).toBe(200);
      const detail = orderDetailSchema.parse(response.json());
      expect(detail).toMatchObject({
        _id: order._id,
        name: tool.name,
        unitPrice: 12.5,
        quantity: 3,
        price: 37.5,
        address: "1 Main St",
        phone: "+1 555-0100",
        status: "unpaid",
        transactionId: null,
        carrier: null,
        trackingNumber: null,
        trackingUrl: null,
      });
      expect(detail.number).toMatch(ORDER_NUMBER_PATTERN);
      expect(detail.history.map((change) => change.status)).toEqual(["unpaid"]);
    });

    it("numbers orders one after another", async () => {
      const firstOrder = await placeOrder();
      const first = orderDetailSchema.parse((await detailOf(admin, firstOrder._id)).json());
      const secondOrder = await placeOrder();
      const second = orderDetailSchema.parse((await detailOf(admin, secondOrder._id)).json());
      const numeric = (number: string) => Number(number.slice("TS-".length));
      expect(numeric(second.number)).toBe(numeric(first.number) + 1);
    });

    it("lists the history in order through payment and shipping, with the carrier", async () => {
      const order = await placeOrder();
      const paymentId = await pay(order);
      const shipped = await call(t.app, admin, "POST", `/api/orders/${order._id}/ship`, UPS);
      expect(shipped.statusCode, shipped.body).toBe(200);

      const detail = orderDetailSchema.parse((await detailOf(owner, order._id)).json());
      expect(detail.history.map((change) => change.status)).toEqual(["unpaid", "paid", "shipped"]);
      const times = detail.history.map((change) => Date.parse(change.at));
      expect(times).toEqual([...times].sort((a, b) => a - b));
      expect(detail).toMatchObject({
        status: "shipped",
        transactionId: paymentId,
        ...UPS,
        trackingUrl: "https://www.ups.com/track?tracknum=1Z999AA10123456784",
      });
    });

    /** A paid order shipped with this carrier and number, as its owner's detail shows it. */
    async function shippedDetail(shipment: { carrier: string; trackingNumber: string }) {
      const order = await placeOrder();
      await pay(order);
      const shipped = await call(t.app, admin, "POST", `/api/orders/${order._id}/ship`, shipment);
      expect(shipped.statusCode, shipped.body).toBe(200);
      const response = await detailOf(owner, order._id);
      expect(response.statusCode, response.body).toBe(200);
      return orderDetailSchema.parse(response.json());
    }

    it("links a known carrier however the admin spelled it, and keeps the number inside the query", async () => {
      const detail = await shippedDetail({ carrier: "fed ex", trackingNumber: "77 12&x=/../evil#y" });
      expect(detail.carrier).toBe("fed ex");
      expect(detail.trackingUrl).toBe(
        "https://www.fedex.com/fedextrack/?trknbr=77%2012%26x%3D%2F..%2Fevil%23y",
      );
      const url = new URL(detail.trackingUrl ?? "");
      expect(url.origin).toBe("https://www.fedex.com");
      expect(url.searchParams.get("trknbr")).toBe("77 12&x=/../evil#y");
    });

    it("links nothing for a carrier it does not know, whatever the number looks like", async () => {
      const detail = await shippedDetail({
        carrier: "Acme Couriers",
        trackingNumber: "javascript:alert(1)",
      });
      expect(detail).toMatchObject({
        carrier: "Acme Couriers",
        trackingNumber: "javascript:alert(1)",
        trackingUrl: null,
      });
    });

    it("shows an admin anyone's order", async () => {
      const order = await placeOrder();
      const response = await detailOf(admin, order._id);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual((await detailOf(owner, order._id)).json());
    });

    it("refuses another customer (403) and a visitor (401)", async () => {
      const order = await placeOrder();
      const byStranger = await detailOf(stranger, order._id);
      expect(byStranger.statusCode).toBe(403);
      expect(byStranger.json().message).toBe("This order belongs to another customer.");
      expect((await detailOf(undefined, order._id)).statusCode).toBe(401);
    });

    it("answers 404 for an unknown order and 400 for a malformed id", async () => {
      const unknown = await detailOf(owner, "00000000-0000-4000-8000-000000000000");
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe("There is no order with this id.");
      const malformed = await detailOf(owner, "not-a-uuid");
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().message).toBe("The order id must be a UUID");
    });

    it("leaves GET /orders/:email answering a customer's orders", async () => {
      await placeOrder();
      const own = await call(t.app, owner, "GET", `/api/orders/${encodeURIComponent(owner.email)}`);
      expect(own.statusCode).toBe(200);
    });
  });
}

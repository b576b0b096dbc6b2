// The orders' services publish one domain event per committed change, and none for a change that did
// not happen (a replayed Idempotency-Key, a refused command).
import type { DatabaseHandle } from "@toolshop/db/client";
import { testDatabaseTargets } from "@toolshop/db/test-support";
import { createTestDatabase } from "@toolshop/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DomainEvent } from "../../lib/domain-events";
import { addCustomer, addTool } from "../../testing/fixtures";
import { cancelOrder, deliverOrder, shipOrder } from "./admin-service";
import type { OrdersContext } from "./context";
import { confirmPayment, startPayment } from "./payment";
import { createOrder } from "./place-order";
import { refundOrder } from "./refunds";
import { deleteOrder } from "./service";
import { ordersContext, VALID_CARD } from "./test-fixtures";

for (const target of testDatabaseTargets()) {
  describe.skipIf(target.skip)(`orders' domain events ${target.title}`, () => {
    let handle: DatabaseHandle;
    let ctx: OrdersContext;
    let published: DomainEvent[];
    let gateway: ReturnType<typeof ordersContext>["gateway"];
    beforeAll(async () => {
      handle = await createTestDatabase(target.options);
      ({ ctx, gateway, published } = ordersContext(handle.db));
    });
    afterAll(async () => {
      await handle?.close();
    });

    /** What was published while `action` ran: type, order id and the event's own fields. */
    async function publishedBy(action: () => Promise<unknown>) {
      const before = published.length;
      await action();
      return published.slice(before).map(({ type, ...rest }) => {
        const { order, ...fields } = rest as { order?: { _id: string; status: string } };
        return { type, orderId: order?._id, status: order?.status, ...fields };
      });
    }

    async function placeOrder() {
      const customer = await addCustomer(handle.db);
      const tool = await addTool(handle.db, { availableQuantity: 100 });
      const body = { toolId: tool.id, address: "1 Main St", phone: "+1 555-0100", quantity: 3 };
      const { order } = await createOrder(ctx, customer, body);
      return { customer, order, body };
    }

    async function paidOrder() {
      const placed = await placeOrder();
      const { clientSecret } = await startPayment(ctx, placed.customer, placed.order._id);
      const confirmation = await gateway.confirmCard(clientSecret, VALID_CARD);
      if (!confirmation.ok || !("intent" in confirmation)) throw new Error("the test card was refused");
      await confirmPayment(ctx, placed.customer, placed.order._id, confirmation.intent.id);
      return { ...placed, paymentId: confirmation.intent.id };
    }

    it("publishes OrderPlaced once per order, not for a replayed Idempotency-Key", async () => {
      const customer = await addCustomer(handle.db);
      const tool = await addTool(handle.db);
      const body = { toolId: tool.id, address: "1 Main St", phone: "+1 555-0100", quantity: 2 };
      const events = await publishedBy(async () => {
        await createOrder(ctx, customer, body, "key-1");
        await createOrder(ctx, customer, body, "key-1");
      });
      expect(events).toEqual([{ type: "OrderPlaced", orderId: expect.any(String), status: "unpaid" }]);
    });

    it("publishes OrderPaid once, then OrderShipped with the shipment and OrderDelivered", async () => {
      const { customer, order } = await placeOrder();
      const paid = await publishedBy(async () => {
        const { clientSecret } = await startPayment(ctx, customer, order._id);
        const confirmation = await gateway.confirmCard(clientSecret, VALID_CARD);
        if (!confirmation.ok || !("intent" in confirmation)) throw new Error("the test card was refused");
        await confirmPayment(ctx, customer, order._id, confirmation.intent.id);
        await confirmPayment(ctx, customer, order._id, confirmation.intent.id);
      });
      expect(paid).toEqual([{ type: "OrderPaid", orderId: order._id, status: "paid" }]);

      const shipment = { carrier: "UPS", trackingNumber: "1Z9" };
      const shipped = await publishedBy(async () => {
        await shipOrder(ctx, order._id, shipment);
        await expect(shipOrder(ctx, order._id, shipment)).rejects.toMatchObject({ statusCode: 409 });
        await deliverOrder(ctx, order._id);
      });
      expect(shipped).toEqual([
        { type: "OrderShipped", orderId: order._id, status: "shipped", ...shipment },
        { type: "OrderDelivered", orderId: order._id, status: "delivered" },
      ]);
    });

    it("publishes OrderCancelled with who cancelled: the customer's delete, an admin's delete or cancel", async () => {
      const admin = await addCustomer(handle.db, { role: "admin" });
      const byCustomer = await placeOrder();
      const byAdminDelete = await placeOrder();
      const byAdminCancel = await placeOrder();
      const events = await publishedBy(async () => {
        await deleteOrder(ctx, byCustomer.customer, byCustomer.order._id);
        await deleteOrder(ctx, admin, byAdminDelete.order._id);
        await cancelOrder(ctx, byAdminCancel.order._id);
        // Nothing changes the second time: no event.
        await deleteOrder(ctx, byCustomer.customer, byCustomer.order._id);
        await expect(cancelOrder(ctx, byAdminCancel.order._id)).rejects.toMatchObject({ statusCode: 409 });
      });
      expect(events).toEqual([
        { type: "OrderCancelled", orderId: byCustomer.order._id, status: "cancelled", reason: "customer" },
        { type: "OrderCancelled", orderId: byAdminDelete.order._id, status: "cancelled", reason: "admin" },
        { type: "OrderCancelled", orderId: byAdminCancel.order._id, status: "cancelled", reason: "admin" },
      ]);
    });

    it("publishes OrderRefunded with the payment refunded", async () => {
      const { order, paymentId } = await paidOrder();
      const events = await publishedBy(() => refundOrder(ctx, order._id));
      // The credit note issued in the refund's transaction, for the refund mail to attach.
      const creditNote = expect.stringMatching(/^INV-CN-\d{4}-000001$/);
      expect(events).toEqual([
        { type: "OrderRefunded", orderId: order._id, status: "refunded", paymentId, creditNote },
      ]);
    });
  });
}

import { testDatabaseTargets } from "@toolshop/db/test-support";
import { CANCELLED_ORDER_CANNOT_SHIP, ORDER_NOT_PAID_CANNOT_SHIP } from "@toolshop/shared/admin-orders";
import { type Order, orderSchema } from "@toolshop/shared/orders";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, type SignedInCustomer, signedInCustomer } from "../../testing/api-client";
import { addTool, insertOrders, orderRow, stockOf } from "../../testing/fixtures";
import { createTestApp, type TestApp } from "../../testing/test-app";

const SHIPMENT = { carrier: "UPS", trackingNumber: "1Z999AA10123456784" };

for (const target of testDatabaseTargets()) {
  describe.skipIf(target.skip)(`admin orders API ${target.title}`, () => {
    let t: TestApp;
    let admin: SignedInCustomer;
    let alice: SignedInCustomer;
    let bob: SignedInCustomer;
    let tool: Awaited<ReturnType<typeof addTool>>;
    let byName: Record<"aliceUnpaid" | "alicePaid" | "bobPaid" | "bobShipped" | "bobCancelled", string>;
    beforeAll(async () => {
      t = await createTestApp(target.options);
      admin = await signedInCustomer(t, { role: "admin" });
      alice = await signedInCustomer(t);
      bob = await signedInCustomer(t);
      tool = await addTool(t.database.db);
      const place = async (who: SignedInCustomer, status: Order["status"], minutesAgo: number) => {
        const [row] = await insertOrders(
          t.database.db,
          orderRow(who, tool, {
            unitPriceCents: 1250,
            quantity: 4,
            status,
            transactionId: status === "unpaid" ? null : `pi_${status}_${minutesAgo}`,
            createdAt: new Date(Date.now() - minutesAgo * 60_000),
          }),
        );
        if (!row) throw new Error("no order inserted");
        return row.id;
      };
      byName = {
        bobShipped: await place(bob, "shipped", 50),
        aliceUnpaid: await place(alice, "unpaid", 40),
        bobCancelled: await place(bob, "cancelled", 30),
        alicePaid: await place(alice, "paid", 20),
        bobPaid: await place(bob, "paid", 10),
      };
    });
    afterAll(async () => {
      await t?.close();
    });

    async function listAs(who: SignedInCustomer, query = ""): Promise<string[]> {
      const response = await call(t.app, who, "GET", `/api/orders${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return orderSchema
        .array()
        .parse(response.json())
        .map((order) => order._id);
    }

    it("refuses listing and shipping without a token (401) and to a customer (403)", async () => {
      for (const [method, url] of [
        ["GET", "/api/orders"],
        ["POST", `/api/orders/${byName.alicePaid}/ship`],
      ] as const) {
        const anonymous = await call(t.app, undefined, method, url);
        expect(anonymous.statusCode, url).toBe(401);
        expect(anonymous.json().message).toBe("Please sign in to continue.");
        const customer = await call(t.app, alice, method, url);
        expect(customer.statusCode, url).toBe(403);
        expect(customer.json().message).toBe("Only an admin can do this.");
      }
      const [row] = await listAs(admin, "?status=paid");
      expect(row).toBe(byName.bobPaid);
    });

    it("lists every customer's orders newest first, cancelled ones too, or those of one status", async () => {
      expect(await listAs(admin)).toEqual([
        byName.bobPaid,
        byName.alicePaid,
        byName.bobCancelled,
        byName.aliceUnpaid,
        byName.bobShipped,
      ]);
      expect(await listAs(admin, "?status=paid")).toEqual([byName.bobPaid, byName.alicePaid]);
      expect(await listAs(admin, "?status=unpaid")).toEqual([byName.aliceUnpaid]);
      const bad = await call(t.app, admin, "GET", "/api/orders?status=lost");
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe(
        "The status must be one of unpaid, paid, shipped, delivered, refunded or cancelled",
      );
    });

    it("shows each order's receipt number (TS-000123), and a search for that number finds it", async () => {
      const response = await call(t.app, admin, "GET", "/api/orders?status=paid");
      const [newest] = orderSchema.array().parse(response.json());
      expect(newest?._id).toBe(byName.bobPaid);
      expect(newest?.number).toMatch(/^TS-\d{6,}$/);
      expect(await listAs(admin, `?q=${newest?.number}`)).toEqual([byName.bobPaid]);
    });

    it("ships a paid order with carrier and tracking number, which its customer then sees as shipped (and still paid)", async () => {
      const missing = await call(t.app, admin, "POST", `/api/orders/${byName.alicePaid}/ship`, {
        carrier: "UPS",
      });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().message).toBe("trackingNumber: Tracking number is required");
      const shipped = await call(t.app, admin, "POST", `/api/orders/${byName.alicePaid}/ship`, SHIPMENT);
      expect(shipped.statusCode, shipped.body).toBe(200);
      expect(shipped.json()).toMatchObject({ _id: byName.alicePaid, status: "shipped", paid: true });

      const mine = await call(t.app, alice, "GET", `/api/orders/${encodeURIComponent(alice.email)}`);
      const order = orderSchema
        .array()
        .parse(mine.json())
        .find((item) => item._id === byName.alicePaid);
      expect(order).toMatchObject({ status: "shipped", paid: true, transactionId: "pi_paid_20" });
      expect(await listAs(admin, "?status=shipped")).toEqual([byName.alicePaid, byName.bobShipped]);

      // Shipping it again is not a transition of the table.
      const again = await call(t.app, admin, "POST", `/api/orders/${byName.alicePaid}/ship`, SHIPMENT);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe("This order has already shipped, so it cannot be shipped.");

      const delivered = await call(t.app, admin, "POST", `/api/orders/${byName.alicePaid}/deliver`);
      expect(delivered.statusCode, delivered.body).toBe(200);
      expect(delivered.json()).toMatchObject({ status: "delivered", paid: true });
      const deliveredAgain = await call(t.app, admin, "POST", `/api/orders/${byName.alicePaid}/deliver`);
      expect(deliveredAgain.statusCode).toBe(409);
      expect(deliveredAgain.json().message).toBe(
        "This order was delivered, so it cannot be marked delivered.",
      );
    });

    it("refuses to ship an unpaid or cancelled order (409) and answers 404 for an unknown one", async () => {
      const unpaid = await call(t.app, admin, "POST", `/api/orders/${byName.aliceUnpaid}/ship`, SHIPMENT);
      expect(unpaid.statusCode).toBe(409);
      expect(unpaid.json().message).toBe(ORDER_NOT_PAID_CANNOT_SHIP);
      const cancelled = await call(t.app, admin, "POST", `/api/orders/${byName.bobCancelled}/ship`, SHIPMENT);
      expect(cancelled.statusCode).toBe(409);
      expect(cancelled.json().message).toBe(CANCELLED_ORDER_CANNOT_SHIP);
      const unknown = await call(
        t.app,
        admin,
        "POST",
        "/api/orders/3f1e2d4c-5b6a-4789-8abc-def012345678/ship",
        SHIPMENT,
      );
      expect(unknown.statusCode).toBe(404);
      expect(await listAs(admin, "?status=unpaid")).toEqual([byName.aliceUnpaid]);
    });

    it("cancels an unpaid order and puts its stock back, once; a paid order cannot be cancelled (409)", async () => {
      const before = (await stockOf(t.database.db, tool.id)) ?? 0;
      const cancelled = await call(t.app, admin, "POST", `/api/orders/${byName.aliceUnpaid}/cancel`);
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(cancelled.json()).toMatchObject({ status: "cancelled", paid: false, cancelReason: "admin" });
      expect(await stockOf(t.database.db, tool.id)).toBe(before + 4);

      const again = await call(t.app, admin, "POST", `/api/orders/${byName.aliceUnpaid}/cancel`);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe("This order was cancelled, so it cannot be cancelled.");
      expect(await stockOf(t.database.db, tool.id)).toBe(before + 4);
      const paid = await call(t.app, admin, "POST", `/api/orders/${byName.bobPaid}/cancel`);
      expect(paid.statusCode).toBe(409);
      expect(paid.json().message).toBe("This order is already paid, so it cannot be cancelled.");
      const customer = await call(t.app, bob, "POST", `/api/orders/${byName.bobPaid}/cancel`);
      expect(customer.statusCode).toBe(403);
    });
  });
}

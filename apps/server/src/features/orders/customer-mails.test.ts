// The customer's mails, queued with the orders' changes: shipped, delivered, cancelled (by the customer,
// the shop or the reservation's end) and refunded, in the outbox and once through a real SMTP server.

import { orders } from "@toolshop/db/schema";
import { testDatabaseTargets } from "@toolshop/db/test-support";
import { ORDER_NUMBER_PATTERN, type Order, orderSchema } from "@toolshop/shared/orders";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, type SignedInCustomer, signedInCustomer } from "../../testing/api-client";
import { addTool } from "../../testing/fixtures";
import { allOutboxMails, decodeMail, outboxMailTo } from "../../testing/identity-client";
import { type SmtpPeer, startSmtpPeer } from "../../testing/smtp-peer";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { TestPaymentGateway } from "../payments/test-gateway";
import { expireUnpaidOrders } from "./expiry";
import { createOrdersContext } from "./routes";
import { payThroughCheckout, TEST_GATEWAY_SECRET } from "./test-fixtures";

const HOSTILE_ADDRESS = "<b>Flat 2</b> & Co, http://evil.example";
const UPS = { carrier: "UPS", trackingNumber: "1Z999AA10123456784" };

async function placeOrder(t: TestApp, who: SignedInCustomer): Promise<Order> {
  const tool = await addTool(t.database.db, { priceCents: 1890, minQuantity: 1, availableQuantity: 100 });
  const body = { toolId: tool.id, address: HOSTILE_ADDRESS, phone: "5550100", quantity: 4 };
  const response = await call(t.app, who, "POST", "/api/orders", body);
  expect(response.statusCode, response.body).toBe(201);
  return orderSchema.parse(response.json());
}

/** An order paid on the test gateway, as the checkout pays it; answers it and its payment id. */
async function paidOrder(t: TestApp, who: SignedInCustomer) {
  const order = await placeOrder(t, who);
  return { order, paymentId: await payThroughCheckout(t.app, who, order._id) };
}

/** Both parts are there, with the customer's text as typed in the plain one and escaped in the HTML one. */
function expectBothPartsEscaped(mail: string) {
  const [text = "", html = ""] = mail.split("Content-Type: text/html");
  expect(text).toContain("Content-Type: text/plain");
  expect(text).toContain("<b>Flat 2</b> & Co");
  expect(html).toContain("&lt;b&gt;Flat 2&lt;/b&gt; &amp; Co");
  expect(html).not.toContain("<b>Flat 2</b>");
}

for (const target of testDatabaseTargets()) {
  describe.skipIf(target.skip)(`the customer's order mails ${target.title}`, () => {
    let t: TestApp;
    let admin: SignedInCustomer;
    beforeAll(async () => {
      t = await createTestApp(target.options);
      admin = await signedInCustomer(t, { role: "admin" });
    });
    afterAll(async () => {
      await t?.close();
    });

    it("names the order's number, the one its page and invoice use, in the paid mail's subject and body", async () => {
      const customer = await signedInCustomer(t);
      const { order } = await paidOrder(t, customer);
      expect(order.number).toMatch(ORDER_NUMBER_PATTERN);
      const mail = await outboxMailTo(
        t.dataDir,
        customer.email,
        `Your Toolshop order is paid: ${order.number}`,
      );
      expect(mail).toContain(`Order number: ${order.number}`);
      const detail = await call(t.app, customer, "GET", `/api/orders/${order._id}/detail`);
      expect(detail.json().number).toBe(order.number);
    });

    it("mails carrier, tracking number and the carrier's tracking link when an admin ships", async () => {
      const customer = await signedInCustomer(t);
      const { order } = await paidOrder(t, customer);
      await outboxMailTo(t.dataDir, customer.email, "Your Toolshop order is paid");
      const shipped = await call(t.app, admin, "POST", `/api/orders/${order._id}/ship`, UPS);
      expect(shipped.statusCode, shipped.body).toBe(200);

      const mail = await outboxMailTo(
        t.dataDir,
        customer.email,
        "Your Toolshop order has shipped: 4 x Test Pliers",
      );
      expect(mail).toContain("Carrier: UPS");
      expect(mail).toContain("Tracking number: 1Z999AA10123456784");
      expect(mail).toContain("https://www.ups.com/track?tracknum=1Z999AA10123456784");
      expect(mail).toContain('<a href="https://www.ups.com/track?tracknum=1Z999AA10123456784">');
      expect(mail).toContain("Track your parcel with UPS");
      expectBothPartsEscaped(mail);
    });

    it("mails an unknown carrier's shipment without a link, its name escaped", async () => {
      const customer = await signedInCustomer(t);
      const { order } = await paidOrder(t, customer);
      const shipment = { carrier: "<i>Acme</i> Couriers", trackingNumber: "AC-42" };
      expect((await call(t.app, admin, "POST", `/api/orders/${order._id}/ship`, shipment)).statusCode).toBe(
        200,
      );

      const mail = await outboxMailTo(t.dataDir, customer.email, "Your Toolshop order has shipped");
      expect(mail).toContain("Carrier: <i>Acme</i> Couriers"); // the text part
      expect(mail).toContain("&lt;i&gt;Acme&lt;/i&gt; Couriers"); // the HTML part
      expect(mail).toContain("tracking number on the carrier's site");
      expect(mail).not.toContain('href="https://');
    });

    it("mails the customer when an admin marks the order delivered, with a link to review the tool", async () => {
      const customer = await signedInCustomer(t);
      const { order } = await paidOrder(t, customer);
      expect((await call(t.app, admin, "POST", `/api/orders/${order._id}/ship`, UPS)).statusCode).toBe(200);
      const delivered = await call(t.app, admin, "POST", `/api/orders/${order._id}/deliver`);
      expect(delivered.statusCode, delivered.body).toBe(200);

      const mail = await outboxMailTo(
        t.dataDir,
        customer.email,
        "Your Toolshop order was delivered: 4 x Test Pliers",
      );
      expect(mail).toContain("Your order has been delivered.");
      expect(mail).toContain("Quantity: 4");
      expect(mail).toContain(`${t.app.config.publicUrl}/dashboard/myreview?tool=${order.toolId}`);
      expect(mail).toContain(`${t.app.config.publicUrl}/dashboard`);
      expectBothPartsEscaped(mail);
    });

    it("mails a cancellation by the shop, saying the stock was released and no money taken", async () => {
      const customer = await signedInCustomer(t);
      const order = await placeOrder(t, customer);
      expect((await call(t.app, admin, "POST", `/api/orders/${order._id}/cancel`)).statusCode).toBe(200);

      const mail = await outboxMailTo(
        t.dataDir,
        customer.email,
        "Your Toolshop order was cancelled: 4 x Test Pliers",
      );
      expect(mail).toContain("Toolshop has cancelled your order.");
      expect(mail).toContain("The units it reserved have been released, and no money was taken.");
      expect(mail).toContain("Total: $75.60");
      expect(mail).toContain("Content-Type: text/plain");
      expect(mail).toContain("<p>Toolshop has cancelled your order.</p>");
    });

    it("mails the customer who deleted their unpaid order that it is cancelled, as they asked", async () => {
      const customer = await signedInCustomer(t);
      const order = await placeOrder(t, customer);
      const deleted = await call(t.app, customer, "DELETE", `/api/orders/${order._id}`);
      expect(deleted.json()).toEqual({ deletedCount: 1 });

      const mail = await outboxMailTo(t.dataDir, customer.email, "Your Toolshop order was cancelled");
      expect(mail).toContain("Your order has been cancelled, as you asked.");
      expect(mail).toContain("no money was taken");
    });

    it("mails the customer whose reservation expired, once", async () => {
      const customer = await signedInCustomer(t);
      const order = await placeOrder(t, customer);
      const hold = t.app.config.unpaidOrderHoldMinutes;
      await t.database.db
        .update(orders)
        .set({ createdAt: new Date(Date.now() - (hold + 1) * 60_000) })
        .where(eq(orders.id, order._id));
      // What the periodic task runs, with the app's own event bus and mail queue.
      const ctx = createOrdersContext(t.app, new TestPaymentGateway(t.app.db, TEST_GATEWAY_SECRET));
      expect((await expireUnpaidOrders(ctx)).map((row) => row.id)).toContain(order._id);
      expect(await expireUnpaidOrders(ctx)).toEqual([]);

      const mail = await outboxMailTo(t.dataDir, customer.email, "Your Toolshop order was cancelled");
      expect(mail).toContain(
        "Your order was cancelled because it was not paid in time: its reservation expired.",
      );
      expect(mail).toContain("no money was taken");
      await new Promise((resolve) => setTimeout(resolve, 200));
      const mails = await allOutboxMails(t.dataDir);
      expect(mails.filter((each) => each.includes(`To: ${customer.email}`))).toHaveLength(1);
    });

    it("mails the amount and payment id of a refund", async () => {
      const customer = await signedInCustomer(t);
      const { order, paymentId } = await paidOrder(t, customer);
      const refunded = await call(t.app, admin, "POST", `/api/orders/${order._id}/refund`);
      expect(refunded.statusCode, refunded.body).toBe(200);

      const mail = await outboxMailTo(
        t.dataDir,
        customer.email,
        "Your Toolshop order was refunded: 4 x Test Pliers",
      );
      expect(mail).toContain("Amount refunded: $75.60");
      expect(mail).toContain(`Payment id: ${paymentId}`);
      expect(mail).toContain("We have refunded your payment for this order in full.");
      expect(mail).toContain("Content-Type: text/html");
    });
  });
}

describe("the shipped mail through SMTP when SMTP_URL is set", () => {
  let smtp: SmtpPeer;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpPeer();
    t = await createTestApp({ kind: "pglite" }, { env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it("sends the confirmation and then the shipped mail, with its tracking link, to the customer", async () => {
    const admin = await signedInCustomer(t, { role: "admin" });
    const customer = await signedInCustomer(t);
    const { order } = await paidOrder(t, customer);
    const shipment = { carrier: "fedex", trackingNumber: "7712 3456 7890" };
    expect((await call(t.app, admin, "POST", `/api/orders/${order._id}/ship`, shipment)).statusCode).toBe(
      200,
    );

    const toCustomer = () => smtp.received.filter((mail) => mail.to.includes(customer.email));
    await expect.poll(() => toCustomer().length, { timeout: 15_000 }).toBe(2);
    const shipped = toCustomer()
      .map((mail) => decodeMail(mail.raw))
      .find((text) => text.includes("Subject: Your Toolshop order has shipped"));
    expect(shipped).toContain("https://www.fedex.com/fedextrack/?trknbr=7712%203456%207890");
    expect(shipped).toContain("Track your parcel with FedEx");
    expect(shipped).toContain("Content-Type: text/plain");
  });
});

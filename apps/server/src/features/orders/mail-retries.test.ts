// An order's mail that the relay refuses, or that the mailer's full queue refuses, is kept and sent again
// later, once, by one process; on PGlite and PostgreSQL, through a real SMTP server (smtp-server) that
// refuses or holds mails while told to.
import { mailRetries } from "@toolshop/db/schema";
import { testDatabaseTargets } from "@toolshop/db/test-support";
import { type Order, orderSchema } from "@toolshop/shared/orders";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, type SignedInCustomer, signedInCustomer } from "../../testing/api-client";
import { addTool } from "../../testing/fixtures";
import { type SmtpPeer, startSmtpPeer } from "../../testing/smtp-peer";
import { createTestApp, type TestApp } from "../../testing/test-app";
import {
  keepMailForRetry,
  MAIL_RETRY_BATCH,
  MAIL_RETRY_MAX_ATTEMPTS,
  retryDelayMs,
  sendKeptMails,
} from "./mail-retries";
import { payThroughCheckout } from "./test-fixtures";

const MINUTE = 60_000;

/** One retry pass of `t`'s app, as its timer would run it at `now`. */
const retryPassOn = (t: TestApp, now: Date) =>
  sendKeptMails({ db: t.app.db, mailer: t.app.mailer, log: t.app.log }, now);

/** An order of one unit of a new tool, placed by `customer` and not paid. */
async function unpaidOrderOf(t: TestApp, customer: SignedInCustomer): Promise<Order> {
  const tool = await addTool(t.database.db, { minQuantity: 1, availableQuantity: 50 });
  const body = { toolId: tool.id, address: "1 Main St", phone: "5550100", quantity: 1 };
  const response = await call(t.app, customer, "POST", "/api/orders", body);
  expect(response.statusCode, response.body).toBe(201);
  return orderSchema.parse(response.json());
}

it("waits a minute after the first failure, twice as long after each next one, an hour at most", () => {
  expect([1, 2, 3, 4, 5, 6, 7, 8, 29].map((failed) => retryDelayMs(failed) / MINUTE)).toEqual([
    1, 2, 4, 8, 16, 32, 60, 60, 60,
  ]);
});

for (const target of testDatabaseTargets()) {
  describe.skipIf(target.skip)(`kept order emails ${target.title}`, () => {
    let t: TestApp;
    let smtp: SmtpPeer;
    let customer: SignedInCustomer;
    // While set, the relay refuses every recipient with this code: 451 (busy, try again later) or 550.
    let refusal: 451 | 550 | undefined;

    beforeAll(async () => {
      smtp = await startSmtpPeer({
        onRcptTo(_address, _session, callback) {
          if (!refusal) return callback();
          const text = refusal === 451 ? "Mailbox busy, try again later" : "No such mailbox";
          const error = new Error(text) as Error & { responseCode: number };
          error.responseCode = refusal;
          callback(error);
        },
      });
      t = await createTestApp(target.options, { env: { SMTP_URL: smtp.url } });
      customer = await signedInCustomer(t);
    });
    afterAll(async () => {
      await t?.close();
      await smtp?.close();
    });

    const kept = (orderId: string) =>
      t.app.db.select().from(mailRetries).where(eq(mailRetries.orderId, orderId));
    const mailsTo = (email: string, subject: string) =>
      smtp.received.filter((mail) => mail.to.includes(email) && mail.raw.includes(`Subject: ${subject}\r\n`));
    const retryPass = (now: Date) => retryPassOn(t, now);

    /** Mails for `orderId`, one per subject, kept two minutes ago and due now. */
    async function keepDueMails(orderId: string, subjects: string[]) {
      const past = new Date(Date.now() - 2 * MINUTE);
      for (const subject of subjects) {
        const message = { to: customer.email, subject, text: "t", html: "<p>h</p>" };
        await keepMailForRetry(t.app.db, { kind: "shipped", orderId, message }, new Error("down"), past);
      }
    }

    const unpaidOrder = () => unpaidOrderOf(t, customer);

    it("keeps the confirmation the relay refused, and sends it once the relay takes it again", async () => {
      const order = await unpaidOrder();
      refusal = 451;
      const paidAt = Date.now();
      await payThroughCheckout(t.app, customer, order._id);

      // The payment stands; the refused mail is kept, due a minute later.
      await expect.poll(async () => (await kept(order._id)).length, { timeout: 10_000 }).toBe(1);
      const [row] = await kept(order._id);
      expect(row).toMatchObject({
        kind: "confirmation",
        recipient: customer.email,
        attempts: 1,
        lastError: expect.stringContaining("451"),
      });
      expect(row?.subject).toMatch(/^Your Toolshop order/);
      const due = row?.nextAttemptAt?.getTime() ?? 0;
      expect(due - paidAt).toBeGreaterThanOrEqual(MINUTE - 1000);
      expect(due - Date.now()).toBeLessThanOrEqual(MINUTE);

      // Not due yet: nothing is sent, even though the relay would take it now.
      refusal = undefined;
      expect(await retryPass(new Date())).toEqual({ sent: 0, failed: 0 });

      // Refused once more when due: kept, the next attempt two minutes on.
      refusal = 451;
      const firstRetry = new Date(due + 1000);
      expect(await retryPass(firstRetry)).toEqual({ sent: 0, failed: 1 });
      const [again] = await kept(order._id);
      expect(again?.attempts).toBe(2);
      expect(again?.nextAttemptAt?.getTime()).toBe(firstRetry.getTime() + 2 * MINUTE);

      // Taken at the next attempt: sent once, and no longer kept.
      refusal = undefined;
      expect(await retryPass(new Date(firstRetry.getTime() + 2 * MINUTE))).toEqual({ sent: 1, failed: 0 });
      expect(await kept(order._id)).toEqual([]);
      const delivered = mailsTo(customer.email, row?.subject ?? "");
      expect(delivered).toHaveLength(1);
      expect(delivered[0]?.raw).toContain("Content-Type: text/html");
      expect(await retryPass(new Date(Date.now() + 24 * 60 * MINUTE))).toEqual({ sent: 0, failed: 0 });
    });

    it("gives up after the last attempt and leaves the mail for an operator", async () => {
      const order = await unpaidOrder();
      refusal = 451;
      const message = { to: customer.email, subject: "Kept for an operator", text: "t", html: "<p>h</p>" };
      await keepMailForRetry(t.app.db, { kind: "shipped", orderId: order._id, message }, new Error("down"));
      await t.app.db
        .update(mailRetries)
        .set({ attempts: MAIL_RETRY_MAX_ATTEMPTS - 1, nextAttemptAt: new Date() })
        .where(eq(mailRetries.orderId, order._id));

      expect(await retryPass(new Date(Date.now() + 1000))).toEqual({ sent: 0, failed: 1 });
      const [row] = await kept(order._id);
      expect(row).toMatchObject({ attempts: MAIL_RETRY_MAX_ATTEMPTS, nextAttemptAt: null });
      expect(row?.lastError).toContain("451");
      refusal = undefined;
      expect(await retryPass(new Date(Date.now() + 365 * 24 * 60 * MINUTE))).toEqual({ sent: 0, failed: 0 });
      expect(mailsTo(customer.email, "Kept for an operator")).toEqual([]);
    });

    it("keeps a mail the relay refused for good (5xx) for an operator, without trying it again", async () => {
      const order = await unpaidOrder();
      refusal = 550;
      await payThroughCheckout(t.app, customer, order._id);
      await expect.poll(async () => (await kept(order._id)).length, { timeout: 10_000 }).toBe(1);
      const [row] = await kept(order._id);
      expect(row).toMatchObject({ kind: "confirmation", attempts: 1, nextAttemptAt: null });
      expect(row?.lastError).toContain("550");
      refusal = undefined;
      expect(await retryPass(new Date(Date.now() + 365 * 24 * 60 * MINUTE))).toEqual({ sent: 0, failed: 0 });
    });

    it("sends a backlog of several batches in one pass, each mail once", async () => {
      const order = await unpaidOrder();
      refusal = undefined;
      const subjects = Array.from({ length: MAIL_RETRY_BATCH * 2 + 5 }, (_, index) => `Backlog ${index}`);
      await keepDueMails(order._id, subjects);
      expect(await retryPass(new Date())).toEqual({ sent: subjects.length, failed: 0 });
      expect(await kept(order._id)).toEqual([]);
      for (const subject of subjects) expect(mailsTo(customer.email, subject), subject).toHaveLength(1);
    });

    it.skipIf(target.options.kind !== "postgres")(
      "sends each kept mail once when two passes claim at the same moment",
      async () => {
        const order = await unpaidOrder();
        refusal = undefined;
        const subjects = Array.from({ length: 30 }, (_, index) => `Kept twice over ${index}`);
        await keepDueMails(order._id, subjects);
        // Two passes on two connections of the pool, as two processes' timers would run them, claiming
        // batches side by side until none is left.
        const now = new Date();
        let sent = 0;
        for (let round = 0; round < 5; round++) {
          const results = await Promise.all([retryPass(now), retryPass(now)]);
          sent += results.reduce((sum, result) => sum + result.sent, 0);
        }
        expect(sent).toBe(subjects.length);
        expect(await kept(order._id)).toEqual([]);
        for (const subject of subjects) expect(mailsTo(customer.email, subject), subject).toHaveLength(1);
      },
    );
  });

  describe.skipIf(target.skip)(`a confirmation beyond the mailer's queue ${target.title}`, () => {
    let t: TestApp;
    let smtp: SmtpPeer;
    // While set, the relay holds every recipient until it resolves: mails pile up in the shop's queue.
    let held: Promise<void> | undefined;

    beforeAll(async () => {
      smtp = await startSmtpPeer({
        onRcptTo(_address, _session, callback) {
          void (held ?? Promise.resolve()).then(() => callback());
        },
      });
      // One connection and one mail waiting: the third confirmation finds the queue full.
      t = await createTestApp(target.options, {
        env: { SMTP_URL: `${smtp.url}/?maxConnections=1&maxWaiting=1` },
      });
    });
    afterAll(async () => {
      await t?.close();
      await smtp?.close();
    });

    it("is kept instead of held in memory, and the next pass sends it once the relay has room", async () => {
      const customer = await signedInCustomer(t);
      const orders: Order[] = [];
      for (let index = 0; index < 3; index++) orders.push(await unpaidOrderOf(t, customer));
      let release: () => void = () => undefined;
      held = new Promise((resolve) => {
        release = resolve;
      });
      // Each payment stands at once, whatever happens to its mail.
      const paymentIds: string[] = [];
      for (const order of orders) paymentIds.push(await payThroughCheckout(t.app, customer, order._id));

      const third = orders[2] as Order;
      const kept = () => t.app.db.select().from(mailRetries).where(eq(mailRetries.orderId, third._id));
      await expect.poll(async () => (await kept()).length, { timeout: 10_000 }).toBe(1);
      const [row] = await kept();
      expect(row).toMatchObject({ kind: "confirmation", recipient: customer.email, attempts: 1 });
      expect(row?.lastError).toMatch(/mail queue is full/);
      expect(row?.nextAttemptAt).not.toBeNull();

      release();
      held = undefined;
      const confirmations = () => smtp.received.filter((mail) => mail.to.includes(customer.email));
      await expect.poll(() => confirmations().length, { timeout: 10_000 }).toBe(2);
      expect(await retryPassOn(t, new Date((row?.nextAttemptAt?.getTime() ?? 0) + 1000))).toEqual({
        sent: 1,
        failed: 0,
      });
      expect(await kept()).toEqual([]);
      const received = confirmations();
      expect(received).toHaveLength(3);
      // One confirmation per payment, the kept one among them.
      for (const paymentId of paymentIds) {
        expect(
          received.filter((mail) => mail.raw.includes(paymentId)),
          paymentId,
        ).toHaveLength(1);
      }
    });
  });
}

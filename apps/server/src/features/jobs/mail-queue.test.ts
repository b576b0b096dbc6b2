// The mail queue in place of the kept mails (mail_retries): an order's mail the relay refuses for now
// is tried again with backoff, a 5xx or the last retry leaves a failed job for an operator, and a
// mail queued in a transaction that rolls back never goes out; on PGlite and PostgreSQL, through a
// real SMTP server (smtp-server) that refuses while told to.
import { testDatabaseTargets } from "@toolshop/db/test-support";
import { type Order, orderSchema } from "@toolshop/shared/orders";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, type SignedInCustomer, signedInCustomer } from "../../testing/api-client";
import { addTool } from "../../testing/fixtures";
import { type SmtpPeer, startSmtpPeer } from "../../testing/smtp-peer";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { payThroughCheckout } from "../orders/test-fixtures";
import { enqueueMail, MAIL_QUEUE } from "./mail-queue";
import { mailJobsOf, makeDue } from "./test-fixtures";

const POLL = { timeout: 20_000, interval: 100 };

for (const target of testDatabaseTargets()) {
  describe.skipIf(target.skip)(`the mail queue ${target.title}`, () => {
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
      t = await createTestApp(target.options, { env: { SMTP_URL: smtp.url, JOB_POLL_SECONDS: "0.5" } });
      customer = await signedInCustomer(t);
    });
    afterAll(async () => {
      await t?.close();
      await smtp?.close();
    });

    const confirmationsTo = (email: string) =>
      smtp.received.filter(
        (mail) => mail.to.includes(email) && mail.raw.includes("Subject: Your Toolshop order is paid"),
      );

    async function paidOrder(): Promise<Order> {
      const tool = await addTool(t.database.db, { minQuantity: 1, availableQuantity: 50 });
      const body = { toolId: tool.id, address: "1 Main St", phone: "5550100", quantity: 1 };
      const placed = await call(t.app, customer, "POST", "/api/orders", body);
      expect(placed.statusCode, placed.body).toBe(201);
      const order = orderSchema.parse(placed.json());
      await payThroughCheckout(t.app, customer, order._id);
      return order;
    }

    /** The order's one mail job once it is in `state`. */
    async function jobIn(orderId: string, state: string) {
      await expect.poll(async () => (await mailJobsOf(t.app.db, orderId))[0]?.state, POLL).toBe(state);
      const [job, ...more] = await mailJobsOf(t.app.db, orderId);
      expect(more).toEqual([]);
      if (!job) throw new Error("no mail job");
      return job;
    }

    // The first test: no confirmation went to the customer before.
    it("tries the confirmation the relay refused for now again a minute or two later, then sends it once", async () => {
      refusal = 451;
      const order = await paidOrder();
      const job = await jobIn(order._id, "retry");
      refusal = undefined;
      // pg-boss's backoff: the first retry a minute after the failure, with up to as much again as jitter.
      expect(job.retry_count).toBe(0);
      expect(job.due_in_seconds).toBeGreaterThan(30);
      expect(job.due_in_seconds).toBeLessThanOrEqual(120);
      expect(job.output?.message).toContain("451");
      expect(job.retry_limit).toBe(MAIL_QUEUE.retryLimit);
      // Not due yet: the relay would take it now, but nothing is sent before its time.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(confirmationsTo(customer.email)).toEqual([]);

      await makeDue(t.app.db, job.id);
      await jobIn(order._id, "completed");
      const sent = confirmationsTo(customer.email);
      expect(sent).toHaveLength(1);
      expect(sent[0]?.raw).toContain("Content-Type: application/pdf");
    });

    it("keeps a mail the relay refused for good (5xx) as a failed job, without trying it again", async () => {
      refusal = 550;
      try {
        const order = await paidOrder();
        const job = await jobIn(order._id, "failed");
        expect(job.retry_count).toBe(0);
        expect(job.output?.message).toContain("550");
      } finally {
        refusal = undefined;
      }
    });

    it("gives up after the last retry and keeps the mail as a failed job for an operator", async () => {
      refusal = 451;
      try {
        const order = await paidOrder();
        const job = await jobIn(order._id, "retry");
        // As if every retry but the last had failed too.
        await makeDue(t.app.db, job.id, { retryCount: MAIL_QUEUE.retryLimit - 1 });
        const last = await jobIn(order._id, "failed");
        expect(last.retry_count).toBe(MAIL_QUEUE.retryLimit);
        expect(last.output?.message).toContain("451");
      } finally {
        refusal = undefined;
      }
    });

    it("sends a failed mail once more when an operator asks, with docs/operations.md's statement", async () => {
      refusal = 550;
      let job: Awaited<ReturnType<typeof jobIn>>;
      let order: Order;
      try {
        order = await paidOrder();
        job = await jobIn(order._id, "failed");
      } finally {
        refusal = undefined;
      }
      const before = confirmationsTo(customer.email).length;
      await t.app.db.execute(sql`
        UPDATE pgboss.job SET state = 'retry', retry_limit = retry_count + 1, completed_on = NULL
        WHERE name = 'mail' AND state = 'failed' AND id = ${job.id}`);
      await jobIn(order._id, "completed");
      expect(confirmationsTo(customer.email)).toHaveLength(before + 1);
    });

    it("sends no mail queued in a transaction that rolled back, and the one of a transaction that committed", async () => {
      const orderId = crypto.randomUUID();
      const job = (subject: string) => ({
        kind: "message" as const,
        mail: { message: { to: customer.email, subject, text: orderId, html: `<p>${orderId}</p>` } },
      });
      await expect(
        t.app.db.transaction(async (tx) => {
          await enqueueMail(t.app.jobs, tx, job("Rolled back"));
          throw new Error("the change failed");
        }),
      ).rejects.toThrow("the change failed");
      await t.app.db.transaction((tx) => enqueueMail(t.app.jobs, tx, job("Committed")));
      const subjects = () =>
        smtp.received
          .filter((mail) => mail.raw.includes(orderId))
          .map((mail) => mail.raw.match(/Subject: (\w+ ?\w*)/)?.[1]);
      await expect.poll(subjects, POLL).toEqual(["Committed"]);
      // The rolled-back one never shows up, even after the worker polled again.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(subjects()).toEqual(["Committed"]);
    });
  });
}

// The payment's mail carries the invoice as a PDF, and a refund's mail its credit note (issue 50),
// through a real SMTP server (smtp-server): sent at once, or tried again while the relay refuses, when
// the PDF is drawn again from the document's snapshot.
import { testDatabaseTargets } from "@toolshop/db/test-support";
import { type Order, orderSchema } from "@toolshop/shared/orders";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, type SignedInCustomer, signedInCustomer } from "../../testing/api-client";
import { addTool } from "../../testing/fixtures";
import { readPdf } from "../../testing/pdf-text";
import { type SmtpPeer, startSmtpPeer } from "../../testing/smtp-peer";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { mailJobsOf, makeDue } from "../jobs/test-fixtures";
import { payThroughCheckout } from "../orders/test-fixtures";

for (const target of testDatabaseTargets()) {
  describe.skipIf(target.skip)(`invoices attached to the order's mails ${target.title}`, () => {
    let t: TestApp;
    let smtp: SmtpPeer;
    let admin: SignedInCustomer;
    // While set, the relay refuses every recipient for now (451).
    let refusing = false;

    beforeAll(async () => {
      smtp = await startSmtpPeer({
        onRcptTo(_address, _session, callback) {
          if (!refusing) return callback();
          const error = new Error("Mailbox busy, try again later") as Error & { responseCode: number };
          error.responseCode = 451;
          callback(error);
        },
      });
      t = await createTestApp(target.options, {
        env: { SMTP_URL: smtp.url, INVOICE_PREFIX: "MAIL", JOB_POLL_SECONDS: "0.5" },
      });
      admin = await signedInCustomer(t, { role: "admin" });
    }, 180_000);
    afterAll(async () => {
      await t?.close();
      await smtp?.close();
    });

    async function paidOrder(customer: SignedInCustomer): Promise<Order> {
      const tool = await addTool(t.database.db, { priceCents: 1250, minQuantity: 1, availableQuantity: 50 });
      const body = { lines: [{ toolId: tool.id, quantity: 3 }], address: "1 Main St", phone: "5550100" };
      const placed = await call(t.app, customer, "POST", "/api/orders", body);
      expect(placed.statusCode, placed.body).toBe(201);
      const order = orderSchema.parse(placed.json());
      await payThroughCheckout(t.app, customer, order._id);
      const detail = await call(t.app, customer, "GET", `/api/orders/${order._id}/detail`);
      return orderSchema.parse(detail.json());
    }

    const retried = async (orderId: string) =>
      (await mailJobsOf(t.app.db, orderId)).filter((job) => job.state === "retry");

    /** The one mail to `email` whose subject starts so, parsed, once it has arrived. */
    async function mailTo(email: string, subjectStart: string) {
      const matching = () =>
        smtp.received.filter(
          (mail) => mail.to.includes(email) && mail.raw.includes(`Subject: ${subjectStart}`),
        );
      await expect.poll(() => matching().length, { timeout: 10_000 }).toBe(1);
      return simpleParser(matching()[0]?.raw ?? "");
    }

    /** The mail's attachments as a reader sees them: type, file name and the PDF's text. */
    async function attachmentsOf(mail: Awaited<ReturnType<typeof simpleParser>>) {
      return Promise.all(
        mail.attachments.map(async (attachment) => ({
          contentType: attachment.contentType,
          filename: attachment.filename,
          text: (await readPdf(attachment.content)).map((page) => page.text).join(" "),
        })),
      );
    }

    it("attaches the invoice PDF to the payment's mail", async () => {
      const customer = await signedInCustomer(t);
      const order = await paidOrder(customer);
      const number = order.invoiceNumber ?? "";
      expect(number).toMatch(/^MAIL-\d{4}-\d{6}$/);

      const mail = await mailTo(customer.email, "Your Toolshop order is paid");
      expect(mail.text).toContain(`Invoice: ${number} (the PDF is attached)`);
      const [attachment, ...more] = await attachmentsOf(mail);
      expect(more).toEqual([]);
      expect(attachment).toMatchObject({ contentType: "application/pdf", filename: `${number}.pdf` });
      expect(attachment?.text).toContain(`Invoice ${number}`);
      expect(attachment?.text).toContain("Total USD 37.50");
    });

    it("keeps the payment's mail the relay refused with the invoice it names, and attaches the PDF when it is sent again", async () => {
      const customer = await signedInCustomer(t);
      refusing = true;
      let order: Order;
      try {
        order = await paidOrder(customer);
        // The mail goes out after the payment's answer: refused until it waits for its retry.
        await expect.poll(async () => (await retried(order._id)).length, { timeout: 10_000 }).toBe(1);
      } finally {
        refusing = false;
      }
      const number = order.invoiceNumber ?? "";
      const [job] = await retried(order._id);
      // The job names the order and the mail; it keeps no PDF bytes, drawn when the mail is sent.
      expect(job?.data).toEqual({ kind: "order", order: { mail: "confirmation", orderId: order._id } });

      await makeDue(t.app.db, job?.id ?? "");
      const [attachment, ...more] = await attachmentsOf(
        await mailTo(customer.email, "Your Toolshop order is paid"),
      );
      expect(more).toEqual([]);
      expect(attachment).toMatchObject({ contentType: "application/pdf", filename: `${number}.pdf` });
      expect(attachment?.text).toContain(`Invoice ${number}`);
    });

    it("attaches the credit note PDF to the refund's mail", async () => {
      const customer = await signedInCustomer(t);
      const order = await paidOrder(customer);
      const line = order.lines[0];
      const refunded = await call(t.app, admin, "POST", `/api/orders/${order._id}/refund`, {
        lines: [{ toolId: line?.toolId, quantity: 1 }],
      });
      expect(refunded.statusCode, refunded.body).toBe(200);
      const [note] = orderSchema.parse(refunded.json()).creditNotes;
      const number = note?.number ?? "";
      expect(number).toMatch(/^MAIL-CN-\d{4}-\d{6}$/);

      const mail = await mailTo(customer.email, "Part of your Toolshop order was refunded");
      expect(mail.text).toContain(`Credit note: ${number} (the PDF is attached)`);
      const [attachment, ...more] = await attachmentsOf(mail);
      expect(more).toEqual([]);
      expect(attachment).toMatchObject({ contentType: "application/pdf", filename: `${number}.pdf` });
      expect(attachment?.text).toContain(`Credit note ${number}`);
      expect(attachment?.text).toContain(`Corrects invoice: ${order.invoiceNumber}`);
    });
  });
}

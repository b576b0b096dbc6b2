// The customer's mails, as subscribers of the orders' domain events. They run on the process that
// committed the change only ("publishing-process"): one change, one mail, however many processes run.
import type { FastifyInstance } from "fastify";
import { runPeriodically } from "../../lib/periodic-task";
import type { MailMessage } from "../../plugins/mail";
import { orderConfirmationEmail } from "./confirmation-email";
import {
  keepMailForRetry,
  MAIL_RETRY_INTERVAL_MS,
  sendKeptMails,
  withAttachedDocument,
} from "./mail-retries";
import {
  orderCancelledEmail,
  orderDeliveredEmail,
  orderRefundedEmail,
  orderShippedEmail,
} from "./status-emails";

/** Subscribes the mails to `app.events`; app.ts calls it once. */
export function subscribeCustomerMails(app: FastifyInstance): void {
  const { currency, publicUrl } = app.config;
  const { events } = app;

  // The change stands whether or not its mail goes out; a mail the relay did not take, or the mailer's
  // full queue refused (decision 0033), is kept and sent again later (mail-retries.ts), and the log
  // says so.
  // A mail about an invoice or credit note carries its PDF (`attachedDocument`, its number); a kept one
  // carries it too, drawn again when it is sent.
  const send = async (
    kind: string,
    orderId: string,
    message: MailMessage,
    attachedDocument?: string | null,
  ) => {
    try {
      await app.mailer.send(await withAttachedDocument(app.db, message, attachedDocument));
    } catch (error) {
      try {
        await keepMailForRetry(app.db, { kind, orderId, message, attachedDocument }, error);
        app.log.warn(
          { err: error, orderId },
          `the order ${kind} email could not be sent; kept in mail_retries`,
        );
      } catch (keepError) {
        app.log.error({ err: error, keepError, orderId }, `the order ${kind} email could not be sent`);
      }
    }
  };
  runPeriodically(app, {
    name: "sending kept order emails",
    everyMs: MAIL_RETRY_INTERVAL_MS,
    run: async (signal) => {
      await sendKeptMails({ db: app.db, mailer: app.mailer, log: app.log }, new Date(), signal);
    },
  });

  events.subscribe(["OrderPaid"], "publishing-process", ({ order }) =>
    send("confirmation", order._id, orderConfirmationEmail(order, currency, publicUrl), order.invoiceNumber),
  );
  events.subscribe(["OrderShipped"], "publishing-process", ({ order, carrier, trackingNumber }) =>
    send("shipped", order._id, orderShippedEmail(order, { carrier, trackingNumber }, publicUrl)),
  );
  events.subscribe(["OrderDelivered"], "publishing-process", ({ order }) =>
    send("delivered", order._id, orderDeliveredEmail(order, publicUrl)),
  );
  events.subscribe(["OrderCancelled"], "publishing-process", ({ order, reason }) =>
    send("cancelled", order._id, orderCancelledEmail(order, reason, currency, publicUrl)),
  );
  events.subscribe(["OrderRefunded"], "publishing-process", ({ order, paymentId, part, creditNote }) =>
    send(
      "refunded",
      order._id,
      orderRefundedEmail(order, paymentId, currency, publicUrl, part, creditNote),
      creditNote,
    ),
  );
}

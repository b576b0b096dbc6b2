// The customer's mails, as subscribers of the orders' domain events. They run on the process that
// committed the change only ("publishing-process"): one change, one mail, however many processes run.
import type { FastifyInstance } from "fastify";
import type { MailMessage } from "../../plugins/mail";
import { orderConfirmationEmail } from "./confirmation-email";
import { orderCancelledEmail, orderRefundedEmail, orderShippedEmail } from "./status-emails";

/** Subscribes the mails to `app.events`; app.ts calls it once. */
export function subscribeCustomerMails(app: FastifyInstance): void {
  const { currency, publicUrl } = app.config;
  const { events } = app;

  // The change stands whether or not its mail goes out; the log says which mail failed.
  const send = async (kind: string, orderId: string, message: MailMessage) => {
    try {
      await app.mailer.send(message);
    } catch (error) {
      app.log.error({ err: error, orderId }, `the order ${kind} email could not be sent`);
    }
  };

  events.subscribe(["OrderPaid"], "publishing-process", ({ order }) =>
    send("confirmation", order._id, orderConfirmationEmail(order, currency, publicUrl)),
  );
  events.subscribe(["OrderShipped"], "publishing-process", ({ order, carrier, trackingNumber }) =>
    send("shipped", order._id, orderShippedEmail(order, { carrier, trackingNumber }, publicUrl)),
  );
  events.subscribe(["OrderCancelled"], "publishing-process", ({ order, reason }) =>
    send("cancelled", order._id, orderCancelledEmail(order, reason, currency, publicUrl)),
  );
  events.subscribe(["OrderRefunded"], "publishing-process", ({ order, paymentId }) =>
    send("refunded", order._id, orderRefundedEmail(order, paymentId, currency, publicUrl)),
  );
}

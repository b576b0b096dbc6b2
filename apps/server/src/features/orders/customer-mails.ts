// The customer's mails about an order, as jobs of the mail queue (features/jobs/mail-queue.ts): each is
// sent in the transaction of the change it tells of, so a change that commits always gets its mail,
// however soon after the commit its process dies, and a change rolled back never does. The job names
// the order and what happened; the worker composes the mail from the order as it is then (an order a
// customer deleted travels in the job, its row being gone), and attaches the invoice or credit note,
// drawn from the document's snapshot.
import type { Database } from "@toolshop/db/client";
import type { Order } from "@toolshop/shared/orders";
import type { ComposedMail, OrderMailComposer } from "../jobs/mail-queue";
import { orderConfirmationEmail } from "./confirmation-email";
import { findOrder } from "./context";
import { type OrderView, orderResponse } from "./dto";
import type { OrderMail } from "./order-mails";
import {
  orderCancelledEmail,
  orderDeliveredEmail,
  orderRefundedEmail,
  orderShippedEmail,
} from "./status-emails";

/** What composing needs from the configuration. */
export interface OrderMailSettings extends OrderView {
  publicUrl: string;
}

/** The worker's composer of order mails (registerMailWorker's `composeOrderMail`). */
export function orderMailComposer(settings: OrderMailSettings): OrderMailComposer {
  return async (db, job) => {
    const mail = job as OrderMail;
    const order =
      mail.mail === "cancelled" && mail.deleted
        ? mail.deleted
        : await currentOrder(db, mail.orderId, settings);
    return order && composeOrderMail(mail, order, settings);
  };
}

async function currentOrder(db: Database, orderId: string, view: OrderView): Promise<Order | undefined> {
  const row = await findOrder(db, orderId);
  return row && orderResponse(db, row, view);
}

function composeOrderMail(mail: OrderMail, order: Order, settings: OrderMailSettings): ComposedMail {
  const { currency, publicUrl } = settings;
  switch (mail.mail) {
    case "confirmation":
      return {
        message: orderConfirmationEmail(order, currency, publicUrl),
        attachedDocument: order.invoiceNumber,
      };
    case "shipped":
      return { message: orderShippedEmail(order, mail, publicUrl) };
    case "delivered":
      return { message: orderDeliveredEmail(order, publicUrl) };
    case "cancelled":
      return { message: orderCancelledEmail(order, mail.reason, currency, publicUrl) };
    case "refunded":
      return {
        message: orderRefundedEmail(order, mail.paymentId, currency, publicUrl, mail.part, mail.creditNote),
        attachedDocument: mail.creditNote,
      };
  }
}

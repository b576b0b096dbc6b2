import type { Order } from "@toolshop/shared/orders";
import {
  detailLines,
  detailTable,
  htmlLink,
  htmlParagraph,
  type MailDetail,
  mailBodies,
  textLink,
} from "../../lib/email-layout";
import { currencyFormat } from "../../lib/money";
import type { MailMessage } from "../../plugins/mail";
import { amountDetails, lineDetails, orderSummary } from "./mail-lines";

const GREETING = "Hello,";
const THANKS = "Thank you for your order. We have received your payment.";

/** The mail a customer gets once their order is paid. */
export function orderConfirmationEmail(order: Order, currency: string, publicUrl: string): MailMessage {
  const money = currencyFormat(currency);
  const ordersLink = `${publicUrl}/dashboard`;
  const details: MailDetail[] = [
    ["Order number", order.number],
    ...lineDetails(order, money),
    ...amountDetails(order, money, "Total paid"),
    ["Payment id", order.transactionId ?? ""],
    ...(order.invoiceNumber
      ? [["Invoice", `${order.invoiceNumber} (the PDF is attached)`] as MailDetail]
      : []),
    ["Delivery address", order.address],
    ["Phone", order.phone],
  ];
  const subject = `Your Toolshop order is paid: ${order.number}, ${orderSummary(order)}`;
  const bodies = mailBodies(
    [
      GREETING,
      "",
      THANKS,
      "",
      ...detailLines(details),
      "",
      "You can see your orders here:",
      textLink(ordersLink),
      "",
      "Toolshop",
    ],
    [
      htmlParagraph(GREETING),
      htmlParagraph(THANKS),
      detailTable(details),
      htmlLink(ordersLink, "See your orders"),
      htmlParagraph("Toolshop"),
    ],
  );
  return { to: order.email, subject, ...bodies };
}

import type { Order } from "@toolshop/shared/orders";
import type { MailMessage } from "../../plugins/mail";

/** The mail a customer gets once their order is paid. */
export function orderConfirmationEmail(order: Order, currency: string, publicUrl: string): MailMessage {
  const money = new Intl.NumberFormat("en", { style: "currency", currency });
  const ordersLink = `${publicUrl}/dashboard`;
  const details: [string, string][] = [
    ["Tool", order.name],
    ["Quantity", String(order.quantity)],
    ["Unit price", money.format(order.unitPrice)],
    ["Total paid", money.format(order.price)],
    ["Payment id", order.transactionId ?? ""],
    ["Delivery address", order.address],
    ["Phone", order.phone],
  ];
  const subject = `Your Toolshop order is paid: ${order.quantity} x ${order.name}`;
  const text = [
    "Hello,",
    "",
    "Thank you for your order. We have received your payment.",
    "",
    ...details.map(([label, value]) => `${label}: ${value}`),
    "",
    "You can see your orders here:",
    ordersLink,
    "",
    "Toolshop",
  ].join("\n");
  const rows = details
    .map(
      ([label, value]) => `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
    )
    .join("\n");
  const html = [
    "<p>Hello,</p>",
    "<p>Thank you for your order. We have received your payment.</p>",
    `<table>\n${rows}\n</table>`,
    `<p><a href="${escapeHtml(ordersLink)}">See your orders</a></p>`,
    "<p>Toolshop</p>",
  ].join("\n");
  return { to: order.email, subject, text, html };
}

function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

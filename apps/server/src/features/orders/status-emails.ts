// The mails a customer gets when their order changes after payment or ends unpaid; the same layout as
// the confirmation mail (confirmation-email.ts). Every value from a person (tool name, address,
// carrier, tracking number) goes through lib/email-layout.ts, which escapes it and keeps it unlinkable.
import type { Order } from "@toolshop/shared/orders";
import type { CancelReason, DomainEventOf } from "../../lib/domain-events";
import {
  detailLines,
  detailTable,
  htmlLink,
  htmlParagraph,
  type MailDetail,
  mailBodies,
  type TextLink,
  textLink,
} from "../../lib/email-layout";
import { currencyFormat } from "../../lib/money";
import type { MailMessage } from "../../plugins/mail";
import { trackingLink } from "./carriers";
import { amountDetails, lineDetails, orderSummary } from "./mail-lines";

const GREETING = "Hello,";
const SIGNATURE = "Toolshop";

interface Link {
  url: string;
  /** The HTML link's words; the text body shows the address under `lead`. */
  label: string;
  lead: string;
}

/** One mail of the usual shape: greeting, paragraphs, details, links, signature. */
function customerMail(
  order: Order,
  subject: string,
  paragraphs: readonly string[],
  details: readonly MailDetail[],
  links: readonly Link[],
): MailMessage {
  const textParagraphs = paragraphs.flatMap((paragraph) => [paragraph, ""]);
  const textLinks = links.flatMap((link): (string | TextLink)[] => [link.lead, textLink(link.url), ""]);
  const bodies = mailBodies(
    [GREETING, "", ...textParagraphs, ...detailLines(details), "", ...textLinks, SIGNATURE],
    [
      htmlParagraph(GREETING),
      ...paragraphs.map((paragraph) => htmlParagraph(paragraph)),
      detailTable(details),
      ...links.map((link) => htmlLink(link.url, link.label)),
      htmlParagraph(SIGNATURE),
    ],
  );
  return { to: order.email, subject: subject.replace(/[\p{Cc}]+/gu, " "), ...bodies };
}

function ordersLink(publicUrl: string): Link {
  return { url: `${publicUrl}/dashboard`, label: "See your orders", lead: "You can see your orders here:" };
}

const what = orderSummary;

/** OrderShipped: carrier, tracking number, and the carrier's tracking page when we know it. */
export function orderShippedEmail(
  order: Order,
  shipment: { carrier: string; trackingNumber: string },
  publicUrl: string,
): MailMessage {
  const tracking = trackingLink(shipment.carrier, shipment.trackingNumber);
  const details: MailDetail[] = [
    ...lineDetails(order),
    ["Carrier", shipment.carrier],
    ["Tracking number", shipment.trackingNumber],
    ["Delivery address", order.address],
  ];
  const paragraphs = ["Good news: your order is on its way."];
  if (!tracking)
    paragraphs.push("You can follow your parcel with its tracking number on the carrier's site.");
  const links: Link[] = tracking
    ? [
        {
          url: tracking.url,
          label: `Track your parcel with ${tracking.carrier}`,
          lead: `Track your parcel with ${tracking.carrier}:`,
        },
      ]
    : [];
  return customerMail(order, `Your Toolshop order has shipped: ${what(order)}`, paragraphs, details, [
    ...links,
    ordersLink(publicUrl),
  ]);
}

/** OrderDelivered: the parcel arrived, where it went, and (while the tool is sold) where to review it. */
export function orderDeliveredEmail(order: Order, publicUrl: string): MailMessage {
  const details: MailDetail[] = [...lineDetails(order), ["Delivered to", order.address]];
  const paragraphs = ["Your order has been delivered. We hope the tools serve you well."];
  const review: Link[] = order.toolId
    ? [
        {
          url: `${publicUrl}/dashboard/myreview?tool=${order.toolId}`,
          label: "Review the tool",
          lead: "Tell other customers how the tool works for you:",
        },
      ]
    : [];
  return customerMail(order, `Your Toolshop order was delivered: ${what(order)}`, paragraphs, details, [
    ...review,
    ordersLink(publicUrl),
  ]);
}

const CANCELLED_BECAUSE: Record<CancelReason, string> = {
  customer: "Your order has been cancelled, as you asked.",
  admin: "Toolshop has cancelled your order.",
  expiry: "Your order was cancelled because it was not paid in time: its reservation expired.",
};

/** OrderCancelled: who or what cancelled it; an unpaid order, so nothing was charged. */
export function orderCancelledEmail(
  order: Order,
  reason: CancelReason,
  currency: string,
  publicUrl: string,
): MailMessage {
  const details: MailDetail[] = [
    ...lineDetails(order),
    ...amountDetails(order, currencyFormat(currency), "Total"),
  ];
  const paragraphs = [
    CANCELLED_BECAUSE[reason],
    "The units it reserved have been released, and no money was taken.",
  ];
  return customerMail(order, `Your Toolshop order was cancelled: ${what(order)}`, paragraphs, details, [
    ordersLink(publicUrl),
  ]);
}

/** The units an admin refunded from chosen lines, and their amount in currency units. */
export type RefundedPart = NonNullable<DomainEventOf<"OrderRefunded">["part"]>;

/**
 * OrderRefunded: the amount given back and the payment it was taken with; for a cancelled order, a
 * payment that came after the order was cancelled (decision 0034).
 */
export function orderRefundedEmail(
  order: Order,
  paymentId: string,
  currency: string,
  publicUrl: string,
  part?: RefundedPart,
  creditNote?: string,
): MailMessage {
  const money = currencyFormat(currency);
  const details: MailDetail[] = part
    ? [
        ...part.lines.map((line): MailDetail => ["Refunded", `${line.quantity} x ${line.name}`]),
        ["Amount refunded", money.format(part.amount)],
        ["Payment id", paymentId],
      ]
    : [...lineDetails(order), ["Amount refunded", money.format(order.price)], ["Payment id", paymentId]];
  if (creditNote) details.push(["Credit note", `${creditNote} (the PDF is attached)`]);
  const paragraphs = [
    part
      ? "We have refunded part of your payment for this order: the tools below."
      : order.status === "cancelled"
        ? "Your payment came after this order had been cancelled, so we have refunded it in full."
        : "We have refunded your payment for this order in full.",
    "Depending on your bank, it can take a few days to show on your statement.",
  ];
  const subject = part
    ? `Part of your Toolshop order was refunded: ${what(order)}`
    : `Your Toolshop order was refunded: ${what(order)}`;
  return customerMail(order, subject, paragraphs, details, [ordersLink(publicUrl)]);
}

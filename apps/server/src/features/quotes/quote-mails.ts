// The mails of a quote's changes (issue 49): the customer hears of an offer (with a link to it), its
// withdrawal and its expiry; the sales team (quoteRecipients) hears of an acceptance or a decline. Every
// value from a person goes through lib/email-layout.ts, which escapes it and keeps it unlinkable.
import type { Quote } from "@toolshop/shared/quote-offers";
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
import { quoteRequestLink, toolLineDetail } from "./sales-email";

export type QuoteChangeKind = "offered" | "withdrawn" | "expired" | "accepted" | "declined";

/** Who hears of each change: the customer, or the sales team. */
export const MAILED_TO: Record<QuoteChangeKind, "customer" | "sales"> = {
  offered: "customer",
  withdrawn: "customer",
  expired: "customer",
  accepted: "sales",
  declined: "sales",
};

const day = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });

/** A mail header's text: one line, no control characters. */
const headerText = (text: string) => text.replace(/[\p{Cc}]+/gu, " ").slice(0, 200);

function lineDetails(quote: Quote, currency: string): MailDetail[] {
  const money = currencyFormat(currency);
  const details = quote.lines.map((line, index): MailDetail => {
    const price =
      line.unitPrice === null || line.total === null
        ? ""
        : ` at ${money.format(line.unitPrice)} each (${money.format(line.total)})`;
    return toolLineDetail(line, index, price);
  });
  if (quote.discountPercent !== null)
    details.push(["Discount", `${quote.discountPercent}% off every unit price`]);
  if (quote.freight !== null) details.push(["Freight", money.format(quote.freight)]);
  if (quote.total !== null) details.push(["Total", money.format(quote.total)]);
  if (quote.validUntil) details.push(["Valid until", day.format(new Date(quote.validUntil))]);
  return details;
}

function sentences(kind: QuoteChangeKind, quote: Quote): { subject: string; paragraphs: string[] } {
  const who = headerText(`${quote.name}${quote.company ? ` (${quote.company})` : ""}`);
  switch (kind) {
    case "offered":
      return {
        subject: "Your Toolshop quote: our offer",
        paragraphs: [
          "We have priced your quote request. Accept the offer before it expires and we will reserve the tools for you; you then pay for the order as for any other.",
          ...(quote.note ? [`Our note: ${quote.note}`] : []),
        ],
      };
    case "withdrawn":
      return {
        subject: "Your Toolshop quote was withdrawn",
        paragraphs: ["We have withdrawn our offer for your quote request. Please contact us for a new one."],
      };
    case "expired":
      return {
        subject: "Your Toolshop quote has expired",
        paragraphs: [
          "Our offer for your quote request has passed its validity and can no longer be accepted.",
        ],
      };
    case "accepted":
      return {
        subject: `Quote accepted by ${who}`,
        paragraphs: [
          "The customer accepted the offer; an unpaid order at the offered prices now holds the stock.",
        ],
      };
    case "declined":
      return {
        subject: `Quote declined by ${who}`,
        paragraphs: [
          "The customer declined the offer.",
          quote.declineReason ? `Their reason: ${quote.declineReason}` : "They gave no reason.",
        ],
      };
  }
}

/** The mail of one change of `quote`, to `to`. */
/** The customer by the name on their request; a request stored with its email for a name greets no one. */
function customerGreeting(quote: Quote): string {
  const name = quote.name.trim();
  return name && name.toLowerCase() !== quote.email.toLowerCase() ? `Hello ${name},` : "Hello,";
}

export function quoteChangeEmail(
  kind: QuoteChangeKind,
  quote: Quote,
  to: string,
  publicUrl: string,
  currency: string,
): MailMessage {
  const { subject, paragraphs } = sentences(kind, quote);
  const link =
    MAILED_TO[kind] === "customer"
      ? { url: `${publicUrl}/dashboard/quotes/${quote._id}`, label: "See the offer" }
      : { url: quoteRequestLink(publicUrl, quote._id), label: "Open the quote" };
  const details = lineDetails(quote, currency);
  const greeting = MAILED_TO[kind] === "customer" ? customerGreeting(quote) : "Hello,";
  const bodies = mailBodies(
    [
      greeting,
      "",
      ...paragraphs.flatMap((paragraph) => [paragraph, ""]),
      ...detailLines(details),
      "",
      `${link.label}:`,
      textLink(link.url),
      "",
      "Toolshop",
    ],
    [
      htmlParagraph(greeting),
      ...paragraphs.map((paragraph) => htmlParagraph(paragraph, { preLine: true })),
      detailTable(details),
      htmlLink(link.url, link.label),
      htmlParagraph("Toolshop"),
    ],
  );
  return { to, subject, ...bodies };
}

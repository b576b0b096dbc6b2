import type { StoredQuote } from "@toolshop/shared/quotes";
import {
  detailLines,
  detailTable,
  htmlLink,
  htmlParagraph,
  type MailDetail,
  mailBodies,
  textLink,
} from "../../lib/email-layout";
import type { MailMessage } from "../../plugins/mail";

/** A line of a request as the mails name it: how many of which tool. */
export interface RequestedLine {
  name: string;
  quantity: number;
}

/** "Tool 2: 50 x Cordless drill", the detail row every quote mail gives a line. */
export function toolLineDetail(line: RequestedLine, index: number, suffix = ""): MailDetail {
  return [`Tool ${index + 1}`, `${line.quantity} x ${line.name}${suffix}`];
}

/** Where the owner opens a request (and sends its offer): the Quote requests screen, that request open. */
export function quoteRequestLink(publicUrl: string, quoteId: string): string {
  return `${publicUrl}/dashboard/quote-requests?open=${encodeURIComponent(quoteId)}`;
}

/**
 * The mail the sales team (SALES_EMAIL, or the admins) gets for each request: who asks, the tools and
 * quantities of a cart's request (or the visitor's words for a tool), the message, and a link that
 * opens the request. The requester's text is never HTML.
 */
export function quoteRequestEmail(
  quote: StoredQuote,
  lines: readonly RequestedLine[],
  to: string,
  publicUrl: string,
): MailMessage {
  const intro =
    lines.length > 0
      ? "A customer asked for a quote on the tools below on the Toolshop site."
      : "A visitor asked for a quote on the Toolshop site.";
  // A cart's request names its tools; a visitor's message may name one in words.
  const asked: MailDetail[] =
    lines.length > 0
      ? lines.map((line, index) => toolLineDetail(line, index))
      : [
          ["Tool", quote.tool || "any tool / not sure yet"],
          ["Quantity", quote.quantity === null ? "not given" : String(quote.quantity)],
        ];
  const details: MailDetail[] = [
    ["Name", quote.name],
    ["Email", quote.email],
    ["Phone", quote.phone || "not given"],
    ["Company", quote.company || "not given"],
    ...asked,
  ];
  const link = quoteRequestLink(publicUrl, quote._id);
  // One line, no control characters: the subject is a mail header.
  const who = `${quote.name}${quote.company ? ` (${quote.company})` : ""}`.replace(/[\p{Cc}]+/gu, " ");
  const subject = `Quote request from ${who}`.slice(0, 200);
  const message = quote.message ? ["", "Message:", quote.message] : [];
  const bodies = mailBodies(
    [
      intro,
      "",
      ...detailLines(details),
      ...message,
      "",
      "Open the request to send an offer:",
      textLink(link),
    ],
    [
      htmlParagraph(intro),
      detailTable(details),
      ...(quote.message ? [htmlParagraph(quote.message, { preLine: true })] : []),
      htmlLink(link, "Open the request"),
    ],
  );
  return { to, subject, ...bodies };
}

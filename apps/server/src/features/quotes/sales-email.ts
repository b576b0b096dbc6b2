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

const INTRO = "A visitor asked for a quote on the Toolshop site.";

/** The mail the sales team (SALES_EMAIL, or the admins) gets for each request; the visitor's text is never HTML. */
export function quoteRequestEmail(quote: StoredQuote, to: string, publicUrl: string): MailMessage {
  const details: MailDetail[] = [
    ["Name", quote.name],
    ["Email", quote.email],
    ["Phone", quote.phone || "not given"],
    ["Company", quote.company || "not given"],
    ["Tool", quote.tool || "any tool / not sure yet"],
    ["Quantity", quote.quantity === null ? "not given" : String(quote.quantity)],
  ];
  const listLink = `${publicUrl}/dashboard/quotes`;
  // One line, no control characters: the subject is a mail header.
  const who = `${quote.name}${quote.company ? ` (${quote.company})` : ""}`.replace(/[\p{Cc}]+/gu, " ");
  const subject = `Quote request from ${who}`.slice(0, 200);
  const bodies = mailBodies(
    [
      INTRO,
      "",
      ...detailLines(details),
      "",
      "Message:",
      quote.message,
      "",
      "All requests, to mark them handled:",
      textLink(listLink),
    ],
    [
      htmlParagraph(INTRO),
      detailTable(details),
      htmlParagraph(quote.message, { preLine: true }),
      htmlLink(listLink, "All quote requests"),
    ],
  );
  return { to, subject, ...bodies };
}

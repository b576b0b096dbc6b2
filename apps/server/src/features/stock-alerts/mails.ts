// The three mails of a back-in-stock alert (decision 0059): the proof link, "you are on the list
// already" (asked again for a proven address: the same answer as a first request, so that the form
// tells nobody whether an address is waiting), and the one mail when the tool is back. Each carries a
// link that stops every back-in-stock mail to the address.
import { PAGE_PATHS } from "@toolshop/shared/page-paths";
import { htmlLink, htmlParagraph, mailBodies, textLink } from "../../lib/email-layout";
import type { MailMessage } from "../../plugins/mail";

export interface AlertMailSettings {
  publicUrl: string;
}

/** What a mail is about: the alert's address, its tool, and the new token of its links. */
export interface AlertMailSubject {
  email: string;
  toolId: string;
  toolName: string;
  token: string;
}

const linkTo = (publicUrl: string, path: string, token: string) =>
  `${publicUrl}${path}?token=${encodeURIComponent(token)}`;

function alertMail(
  settings: AlertMailSettings,
  about: AlertMailSubject,
  subject: string,
  paragraphs: readonly string[],
  action: { url: string; label: string },
): MailMessage {
  const unsubscribe = linkTo(settings.publicUrl, PAGE_PATHS.stockAlertUnsubscribe, about.token);
  const bodies = mailBodies(
    [
      "Hello,",
      "",
      ...paragraphs.flatMap((paragraph) => [paragraph, ""]),
      `${action.label}:`,
      textLink(action.url),
      "",
      "To get no more back-in-stock mails from us:",
      textLink(unsubscribe),
      "",
      "Toolshop",
    ],
    [
      htmlParagraph("Hello,"),
      ...paragraphs.map((paragraph) => htmlParagraph(paragraph)),
      htmlLink(action.url, action.label),
      htmlLink(unsubscribe, "No more back-in-stock mails"),
      htmlParagraph("Toolshop"),
    ],
  );
  return { to: about.email, subject, ...bodies };
}

/** The link that proves the address, asked for on the tool's page. */
export function proofMail(settings: AlertMailSettings, about: AlertMailSubject): MailMessage {
  return alertMail(
    settings,
    about,
    `Confirm your alert for ${about.toolName}`,
    [
      `Someone, hopefully you, asked us to email this address when ${about.toolName} is back in stock.`,
      "Open the link below to confirm. If it was not you, ignore this mail: nothing will be sent.",
    ],
    {
      url: linkTo(settings.publicUrl, PAGE_PATHS.stockAlertConfirm, about.token),
      label: "Confirm the alert",
    },
  );
}

/** Asked again for an address already proven: nothing to confirm. */
export function alreadyWaitingMail(settings: AlertMailSettings, about: AlertMailSubject): MailMessage {
  return alertMail(
    settings,
    about,
    `You are on the list for ${about.toolName}`,
    [`You have asked before: we will email you once when ${about.toolName} is back in stock.`],
    { url: toolUrl(settings, about.toolId), label: "See the tool" },
  );
}

/** The one mail when the tool can be ordered again. */
export function backInStockMail(settings: AlertMailSettings, about: AlertMailSubject): MailMessage {
  return alertMail(
    settings,
    about,
    `${about.toolName} is back in stock`,
    [
      `${about.toolName} is back in stock and can be ordered again.`,
      "This is the only mail about it: ask again on the tool's page for another alert.",
    ],
    { url: toolUrl(settings, about.toolId), label: "Order it" },
  );
}

const toolUrl = (settings: AlertMailSettings, toolId: string) =>
  `${settings.publicUrl}/tools/${encodeURIComponent(toolId)}`;

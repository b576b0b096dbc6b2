import { htmlLink, htmlParagraph, mailBodies, textLink } from "../../lib/email-layout";
import type { MailMessage } from "../mail";

type AccountMail = Omit<MailMessage, "to">;

export function verificationEmail(name: string, link: string): AccountMail {
  return linkEmail({
    subject: "Confirm your email address for Toolshop",
    greeting: `Hello ${name},`,
    intro: "Thank you for signing up. Please confirm your email address by opening this link:",
    action: "Confirm my email address",
    link,
    outro: "The link works for one hour. If you did not sign up, you can ignore this mail.",
  });
}

export function passwordResetEmail(name: string, link: string): AccountMail {
  return linkEmail({
    subject: "Reset your Toolshop password",
    greeting: `Hello ${name},`,
    intro:
      "Someone asked to reset the password of your Toolshop account. To choose a new one, open this link:",
    action: "Choose a new password",
    link,
    outro:
      "The link works for one hour. If you did not ask for it, you can ignore this mail; your password stays as it is.",
  });
}

interface LinkEmail {
  subject: string;
  greeting: string;
  intro: string;
  action: string;
  link: string;
  outro: string;
}

function linkEmail(mail: LinkEmail): AccountMail {
  const bodies = mailBodies(
    [mail.greeting, "", mail.intro, textLink(mail.link), "", mail.outro, "", "Toolshop"],
    [
      htmlParagraph(mail.greeting),
      htmlParagraph(mail.intro),
      htmlLink(mail.link, mail.action),
      htmlParagraph(mail.outro),
      htmlParagraph("Toolshop"),
    ],
  );
  return { subject: mail.subject, ...bodies };
}

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

/** To the owner of an address someone tried to sign up with again: sign-up answers the same either way. */
export function existingAccountEmail(name: string, link: string): AccountMail {
  return linkEmail({
    subject: "Someone tried to sign up to Toolshop with your address",
    greeting: `Hello ${name},`,
    intro:
      "Someone, perhaps you, tried to sign up to Toolshop with this email address, which already has an account; no new account was made. To sign in, or to choose a new password there if you forgot yours, open this link:",
    action: "Sign in to Toolshop",
    link,
    outro: "If it was not you, you can ignore this mail; your account and password stay as they are.",
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

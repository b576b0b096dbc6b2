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
  const text = [mail.greeting, "", mail.intro, mail.link, "", mail.outro, "", "Toolshop"].join("\n");
  const html = [
    `<p>${escapeHtml(mail.greeting)}</p>`,
    `<p>${escapeHtml(mail.intro)}</p>`,
    `<p><a href="${escapeHtml(mail.link)}">${escapeHtml(mail.action)}</a></p>`,
    `<p>${escapeHtml(mail.outro)}</p>`,
    "<p>Toolshop</p>",
  ].join("\n");
  return { subject: mail.subject, text, html };
}

function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

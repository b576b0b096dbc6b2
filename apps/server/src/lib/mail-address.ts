/** A mailbox as MAIL_FROM gives it: env.ts parses it, the mailer sends from it. */
export interface MailAddress {
  name?: string;
  address: string;
}

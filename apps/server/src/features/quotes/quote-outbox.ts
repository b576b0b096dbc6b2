// A quote's mails, queued in the transaction of the change that causes them (decision 0052's outbox):
// a request, an offer, its withdrawal, acceptance, decline and expiry commit with their mails or not at
// all, and a process that dies after the commit loses none. Each mail is composed as it is queued,
// from the quote as that transaction sees it; the mail queue's worker sends it.
import type { Database } from "@toolshop/db/client";
import type { StoredQuote } from "@toolshop/shared/quotes";
import type { FastifyInstance } from "fastify";
import type { MailMessage } from "../../plugins/mail";
import { enqueueMail } from "../jobs/mail-queue";
import type { QuoteRow } from "./lifecycle";
import { MAILED_TO, type QuoteChangeKind, quoteChangeEmail } from "./quote-mails";
import { quoteView } from "./quote-view";
import { quoteRecipients } from "./recipients";
import { quoteRequestEmail, type RequestedLine } from "./sales-email";

export interface QuoteMailSettings {
  publicUrl: string;
  currency: string;
  /** SALES_EMAIL; unset, the admins get what is for the sales team (recipients.ts). */
  salesEmail: string | undefined;
  adminEmails: readonly string[];
}

/** Puts one mail in `tx`: it is sent once `tx` commits. */
export type QueueMail = (tx: Database, message: MailMessage) => Promise<void>;

export interface QuoteMails {
  /** Queues the sales team's mail of a new request; answers how many got it (0: the shop has no admin). */
  requested(tx: Database, quote: StoredQuote, lines: readonly RequestedLine[]): Promise<number>;
  /** Queues the mails of one change of `row`, to the customer or to the sales team (quote-mails.ts). */
  changed(tx: Database, kind: QuoteChangeKind, row: QuoteRow): Promise<void>;
}

export function quoteMails(queue: QueueMail, settings: QuoteMailSettings): QuoteMails {
  const { publicUrl, currency } = settings;
  const salesTeam = (tx: Database) => quoteRecipients(tx, settings);
  return {
    async requested(tx, quote, lines) {
      const to = await salesTeam(tx);
      for (const address of to) await queue(tx, quoteRequestEmail(quote, lines, address, publicUrl));
      return to.length;
    },
    async changed(tx, kind, row) {
      const view = await quoteView(tx, row, currency);
      const to = MAILED_TO[kind] === "customer" ? [view.email] : await salesTeam(tx);
      for (const address of to) {
        await queue(tx, quoteChangeEmail(kind, view, address, publicUrl, currency));
      }
    },
  };
}

/** The running app's: each mail a job of its mail queue, with its configured recipients and links. */
export function appQuoteMails(app: FastifyInstance): QuoteMails {
  const { publicUrl, currency, mail, adminEmails } = app.config;
  return quoteMails((tx, message) => enqueueMail(app.jobs, tx, { kind: "message", mail: { message } }), {
    publicUrl,
    currency,
    salesEmail: mail.salesEmail,
    adminEmails,
  });
}

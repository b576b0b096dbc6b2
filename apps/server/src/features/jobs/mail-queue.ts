// Every mail of an order (and the quotes' mails) is a job of the "mail" queue: sent in the transaction
// of the change that causes it, sent by a worker, tried again with backoff when the relay does not take
// it, and kept as a failed job (pgboss.job, state 'failed', output: why) when the relay refuses it for
// good (5xx) or the retries run out. A mail is sent at least once: a worker that dies after the relay
// took it, before the job was marked done, sends it again when the job's attempt expires.
import type { Database } from "@toolshop/db/client";
import type { FastifyBaseLogger } from "fastify";
import type { Mailer, MailMessage } from "../../plugins/mail";
import { taxDocumentAttachment } from "../invoices/service";
import type { JobQueue, QueueDefinition } from "./queue";

/**
 * Retries: a minute (to two, pg-boss adds jitter) after the first failure, doubling each time, so 9
 * retries span about a day, as the kept mails of before did.
 */
export const MAIL_QUEUE: QueueDefinition = {
  name: "mail",
  retryLimit: 9,
  retryDelaySeconds: 60,
  // For the outbox; with SMTP_URL, attemptExpirySeconds of its timeout.
  expireInSeconds: 60,
  policy: "standard",
};

/** A mail as it goes out, without its attachment: that is `attachedDocument`, drawn when it is sent. */
export interface ComposedMail {
  message: Omit<MailMessage, "attachments">;
  /** The number of the invoice or credit note the mail carries as a PDF (drawn from its snapshot). */
  attachedDocument?: string | null | undefined;
}

/**
 * "message": composed when sent (quotes, mails carried over from mail_retries). "order": one of the
 * order's mails, composed by the worker from the order (features/orders/customer-mails.ts).
 */
export type MailJob = { kind: "message"; mail: ComposedMail } | { kind: "order"; order: object };

/** Composes an order's mail job; undefined when it has nothing to say (its order is gone). */
export type OrderMailComposer = (db: Database, order: object) => Promise<ComposedMail | undefined>;

/** Sends `job` in `db`'s transaction: it goes out only if the transaction commits. */
export function enqueueMail(jobs: JobQueue, db: Database, job: MailJob, id?: string): Promise<void> {
  return jobs.send(db, MAIL_QUEUE, job, id);
}

/**
 * A relay's 5xx reply says the mail will never be taken as it is (RFC 5321, 4.2.1): no point trying
 * again on a schedule.
 */
export function isPermanentMailError(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === "number" && code >= 500 && code < 600;
}

export interface MailWorkerContext {
  db: Database;
  mailer: Mailer;
  log: FastifyBaseLogger;
  jobs: JobQueue;
  composeOrderMail: OrderMailComposer;
  /** Mails one process sends at once (the SMTP pool's connections). */
  concurrency: number;
  /** SMTP_URL's timeout for one mail, connecting included. */
  relayTimeoutMs?: number | undefined;
}

/**
 * An attempt that outlives twice the relay's own timeout lost its process (killed, or its host gone):
 * pg-boss then fails it, and it is tried again.
 */
export function attemptExpirySeconds(relayTimeoutMs: number | undefined): number {
  return relayTimeoutMs === undefined
    ? MAIL_QUEUE.expireInSeconds
    : Math.ceil((2 * relayTimeoutMs) / 1000) + 10;
}

/** Registers the mail queue's worker (it runs only where the worker is on). */
export function registerMailWorker(ctx: MailWorkerContext): void {
  ctx.jobs.work({
    queue: { ...MAIL_QUEUE, expireInSeconds: attemptExpirySeconds(ctx.relayTimeoutMs) },
    concurrency: ctx.concurrency,
    run: async (data, _signal, job) => {
      const mailJob = data as MailJob;
      const composed =
        mailJob.kind === "message" ? mailJob.mail : await ctx.composeOrderMail(ctx.db, mailJob.order);
      if (!composed) return;
      const { message, attachedDocument } = composed;
      const where = { job: job.id, attempt: job.retryCount + 1 };
      try {
        const attachments = attachedDocument ? [await taxDocumentAttachment(ctx.db, attachedDocument)] : [];
        await ctx.mailer.send({ ...message, attachments });
      } catch (error) {
        if (isPermanentMailError(error)) {
          await ctx.jobs.noMoreRetries(MAIL_QUEUE, job.id);
          ctx.log.error({ ...where, err: error }, "the relay refused a mail for good; kept as a failed job");
        } else if (job.retryCount >= MAIL_QUEUE.retryLimit) {
          ctx.log.error({ ...where, err: error }, "gave up sending a mail; kept as a failed job");
        } else {
          ctx.log.warn({ ...where, err: error }, "a mail could not be sent; it is tried again later");
        }
        throw error;
      }
    },
  });
}

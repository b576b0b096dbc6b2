// An order's mail that the relay did not take (it was down, refused for now, or the mailer's queue was
// full) is kept in the mail_retries table and sent again, ever later: a minute after the first failure,
// then twice as long each time up to an hour, for about a day. Every process looks for due mails; a row
// is claimed by moving its next attempt ahead in the same UPDATE that picks it (FOR UPDATE SKIP LOCKED),
// so one process sends it. A mail is sent at least once: a process that dies after sending but before
// the DELETE sends it again after the delay. A refusal the relay calls permanent (5xx) is kept for an
// operator, not tried on a schedule. Only the orders' mails are kept: identity mails carry one-time
// links the customer can ask for again, and storing them would keep live tokens in a second place. A
// mail that carries an invoice or credit note keeps the document's number, not the PDF: the PDF is drawn
// again from the document's snapshot, which never changes, when the mail is sent (decision 0042).
import type { Database } from "@toolshop/db/client";
import { mailRetries } from "@toolshop/db/schema";
import { eq, inArray, lte, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Mailer, MailMessage } from "../../plugins/mail";
import { taxDocumentAttachment } from "../invoices/service";

/** How often each process looks for kept mails that are due. */
export const MAIL_RETRY_INTERVAL_MS = 30 * 1000;
/** Attempts in all, the first send's included, before a mail waits for an operator. */
export const MAIL_RETRY_MAX_ATTEMPTS = 30;
/** Mails one process claims and sends together: a relay that is back gets a backlog a batch at a time. */
export const MAIL_RETRY_BATCH = 20;
// The relay's answer can be long; the row keeps enough to say why.
const LAST_ERROR_MAX_LENGTH = 500;

export interface KeptMail {
  /** Which of the order's mails ("confirmation", "shipped"...), for the log. */
  kind: string;
  orderId: string;
  /** The mail without its attachment: that is `attachedDocument`, drawn again when it is sent. */
  message: Omit<MailMessage, "attachments">;
  /** The number of the invoice or credit note the mail carries as a PDF. */
  attachedDocument?: string | null | undefined;
}

/** The mail with its invoice or credit note attached, if it carries one. */
export async function withAttachedDocument(
  db: Database,
  message: Omit<MailMessage, "attachments">,
  attachedDocument: string | null | undefined,
): Promise<MailMessage> {
  if (!attachedDocument) return message;
  return { ...message, attachments: [await taxDocumentAttachment(db, attachedDocument)] };
}

export interface MailRetryContext {
  db: Database;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

/** The wait before attempt `failed + 1`: a minute, doubling after each failure, an hour at most. */
export function retryDelayMs(failed: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, failed - 1), 60 * 60_000);
}

/**
 * A relay's 5xx reply says the mail will never be taken as it is (RFC 5321, 4.2.1): no point trying
 * again on a schedule; the row waits for an operator at once.
 */
function isPermanent(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === "number" && code >= 500 && code < 600;
}

/** The error for the row: the relay's reply code (451...) or the socket's (ECONNREFUSED) and the message. */
function describe(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown } | undefined)?.code;
  const text = code !== undefined && !message.includes(String(code)) ? `${code} ${message}` : message;
  return text.slice(0, LAST_ERROR_MAX_LENGTH);
}

/** Keeps a mail whose first send failed: to be sent again after the first delay, or (5xx) by an operator. */
export async function keepMailForRetry(
  db: Database,
  mail: KeptMail,
  error: unknown,
  now = new Date(),
): Promise<void> {
  const { to, subject, text, html } = mail.message;
  await db.insert(mailRetries).values({
    kind: mail.kind,
    orderId: mail.orderId,
    recipient: to,
    subject,
    textBody: text,
    htmlBody: html,
    attachedDocument: mail.attachedDocument ?? null,
    attempts: 1,
    lastError: describe(error),
    nextAttemptAt: isPermanent(error) ? null : new Date(now.getTime() + retryDelayMs(1)),
  });
}

/**
 * One pass: claims the mails due at `now` a batch at a time, sends each batch's mails together (the
 * mailer's pool decides how many go at once), deletes the sent ones and records why the others failed.
 * It takes the next batch while the last was full and wholly sent, so a backlog (a relay that was down,
 * a burst beyond the mailer's queue) drains at the relay's pace, and stops at the first failure: a relay
 * that refuses again is left alone until the next pass. `signal` stops it between batches (shutdown).
 * Answers how many went out and how many failed.
 */
export async function sendKeptMails(
  ctx: MailRetryContext,
  now = new Date(),
  signal?: AbortSignal,
): Promise<{ sent: number; failed: number }> {
  const total = { sent: 0, failed: 0 };
  for (;;) {
    const batch = await sendKeptBatch(ctx, now);
    total.sent += batch.sent;
    total.failed += batch.failed;
    if (batch.failed > 0 || batch.sent < MAIL_RETRY_BATCH || signal?.aborted) return total;
  }
}

async function sendKeptBatch(ctx: MailRetryContext, now: Date): Promise<{ sent: number; failed: number }> {
  // Claiming counts the attempt and schedules the next one, so a process that dies mid-send leaves the
  // mail to be tried again then; the last attempt leaves no next one (given up unless it is sent). A
  // claimed mail's next attempt is after `now`, so one pass never claims it twice.
  const at = sql`${now.toISOString()}::timestamptz`;
  const due = ctx.db
    .select({ id: mailRetries.id })
    .from(mailRetries)
    .where(lte(mailRetries.nextAttemptAt, at))
    .orderBy(mailRetries.nextAttemptAt)
    .limit(MAIL_RETRY_BATCH)
    .for("update", { skipLocked: true });
  const rows = await ctx.db
    .update(mailRetries)
    .set({
      attempts: sql`${mailRetries.attempts} + 1`,
      nextAttemptAt: sql`case when ${mailRetries.attempts} + 1 >= ${MAIL_RETRY_MAX_ATTEMPTS} then null
        else ${at} + least(interval '1 minute' * power(2, ${mailRetries.attempts}), interval '1 hour') end`,
    })
    .where(inArray(mailRetries.id, due))
    .returning();
  const outcomes = await Promise.allSettled(
    rows.map(async (row) => {
      const message = { to: row.recipient, subject: row.subject, text: row.textBody, html: row.htmlBody };
      await ctx.mailer.send(await withAttachedDocument(ctx.db, message, row.attachedDocument));
    }),
  );
  const sentIds: string[] = [];
  for (const [index, outcome] of outcomes.entries()) {
    const row = rows[index] as (typeof rows)[number];
    const where = { kind: row.kind, orderId: row.orderId, attempt: row.attempts };
    if (outcome.status === "fulfilled") {
      sentIds.push(row.id);
      ctx.log.info(where, "a kept order email was sent");
      continue;
    }
    const error = outcome.reason;
    const givenUp = row.attempts >= MAIL_RETRY_MAX_ATTEMPTS || isPermanent(error);
    await ctx.db
      .update(mailRetries)
      .set(givenUp ? { lastError: describe(error), nextAttemptAt: null } : { lastError: describe(error) })
      .where(eq(mailRetries.id, row.id));
    if (givenUp) {
      ctx.log.error({ ...where, err: error }, "gave up sending a kept order email; it stays in mail_retries");
    } else {
      ctx.log.warn({ ...where, err: error }, "a kept order email could not be sent again; it stays kept");
    }
  }
  // A failed DELETE is not a failed send: the pass fails and the log says so, and the mails go out
  // again after their delay (at least once, as the header says).
  if (sentIds.length > 0) await ctx.db.delete(mailRetries).where(inArray(mailRetries.id, sentIds));
  return { sent: sentIds.length, failed: rows.length - sentIds.length };
}

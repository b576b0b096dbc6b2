import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { createWholeFile } from "@toolshop/db/whole-file";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import { createTransport, type SendMailOptions, type Transporter } from "nodemailer";
import type { AppConfig } from "../env";
import type { MailAddress } from "../lib/mail-address";
import type { SmtpOptions } from "../lib/smtp-url";

/** A file sent with a mail: an invoice or credit note as a PDF. */
export interface MailAttachment {
  fileName: string;
  contentType: string;
  content: Buffer;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: readonly MailAttachment[] | undefined;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

declare module "fastify" {
  interface FastifyInstance {
    /** Sends the shop's mails: SMTP when SMTP_URL is set, otherwise .eml files in DATA_DIR/mail. */
    mailer: Mailer;
  }
}

/**
 * A mail that could not be sent. `code` is the relay's reply code when it answered one (a 5xx ends the
 * mail job's retries, features/jobs/mail-queue.ts), else nodemailer's or the socket's.
 */
export class MailError extends Error {
  readonly code: number | string | undefined;

  constructor(message: string, code?: number | string, options?: ErrorOptions) {
    super(message, options);
    this.name = "MailError";
    this.code = code;
  }
}

function asMailError(error: unknown): MailError {
  if (error instanceof MailError) return error;
  const { message, responseCode, originalCode, code } = error as Error & {
    responseCode?: number;
    originalCode?: string;
    code?: string;
  };
  return new MailError(message, responseCode ?? originalCode ?? code, { cause: error });
}

// The recipient goes into RCPT TO and the To header: nothing that could end or bend either.
const PLAIN_ADDRESS = /^[^\s<>,;:"()[\]\\\p{Cc}]+@[^\s<>,;:"()[\]\\\p{Cc}]+$/u;

/** nodemailer's message: one recipient (never a list parsed out of `to`), quoted-printable bodies. */
function mailOptions(from: MailAddress, message: MailMessage): SendMailOptions {
  if (!PLAIN_ADDRESS.test(message.to)) {
    throw new MailError("A mail's recipient must be one plain email address.");
  }
  const { to, subject, text, html, attachments = [] } = message;
  return {
    from,
    to: { name: "", address: to },
    envelope: { from: from.address, to: [to] },
    subject,
    text,
    html,
    // Readable in an .eml file and by the tests' decoder, whatever the text holds.
    textEncoding: "quoted-printable",
    attachments: attachments.map(({ fileName, contentType, content }) => ({
      filename: fileName,
      contentType,
      content,
    })),
  };
}

/**
 * The default for development and tests: every mail becomes a real .eml file in
 * `DATA_DIR/mail/<timestamp>-<to>.eml` (open it with any mail program), and the log says which file, so
 * that nobody needs a mail server to verify an address or reset a password. The log never shows what a
 * mail holds: its links carry one-time tokens, and whoever reads logs must not be able to use them.
 * nodemailer's stream transport composes the mail exactly as it would go to a relay.
 */
export class OutboxMailer implements Mailer {
  private readonly transport = createTransport({ streamTransport: true, buffer: true, newline: "windows" });

  constructor(
    private readonly directory: string,
    private readonly from: MailAddress,
    private readonly log: FastifyBaseLogger,
  ) {}

  async send(message: MailMessage): Promise<void> {
    // Named when sent, not when written: the outbox lists mails in the order they were sent.
    const name = outboxFileName(message.to);
    const composed = await this.transport.sendMail(mailOptions(this.from, message));
    // `buffer: true`: the composed mail is a Buffer, not a stream.
    const file = await writeNewFile(this.directory, name, composed.message as Buffer);
    this.log.info({ to: message.to, subject: message.subject, file }, "mail written to the outbox");
  }
}

// A relay's reply larger than this is not a relay (a real EHLO reply is under 1 KB); nodemailer's own
// bound is 1 MB a reply, held as a string of many pieces (issue 47, finding 8).
const MAX_REPLY_BYTES = 64 * 1024;

/**
 * Through nodemailer's SMTP pool (decision 0035): up to `maxConnections` kept-open connections
 * (`?pool=false`: one per mail). Mails beyond them wait here, at most `maxWaiting` (decision 0033): one
 * more is refused at once rather than held in memory. A mail handed to nodemailer must be sent within
 * `timeout`, connecting included, or it fails and its connection is closed: a relay that trickles its
 * replies restarts every socket timeout, not this one.
 */
export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;
  private readonly waiting: (() => void)[] = [];
  private sending = 0;

  constructor(
    private readonly options: SmtpOptions,
    private readonly from: MailAddress,
  ) {
    const { timeoutMs } = options;
    this.transport = createTransport({
      pool: options.keepOpen,
      host: options.host,
      port: options.port,
      secure: options.secure,
      ...(options.auth ? { auth: options.auth } : {}),
      requireTLS: options.requireTLS,
      ignoreTLS: options.ignoreTLS,
      tls: { rejectUnauthorized: options.rejectUnauthorized },
      name: options.clientName,
      ...(options.localAddress ? { localAddress: options.localAddress } : {}),
      maxConnections: options.maxConnections,
      connectionTimeout: timeoutMs,
      greetingTimeout: timeoutMs,
      socketTimeout: timeoutMs,
      maxResponseSize: MAX_REPLY_BYTES,
    });
  }

  async send(message: MailMessage): Promise<void> {
    const mail = mailOptions(this.from, message);
    await this.takeConnectionSlot();
    const { timeoutMs } = this.options;
    const deadline = AbortSignal.timeout(timeoutMs);
    try {
      await this.transport.sendMail({ ...mail, signal: deadline });
    } catch (error) {
      if (!deadline.aborted) throw asMailError(error);
      throw new MailError(`The SMTP server did not take the mail within ${timeoutMs} ms.`, "ETIMEDOUT", {
        cause: error,
      });
    } finally {
      // The slot passes to the oldest waiting mail, or is freed.
      const next = this.waiting.shift();
      if (next) next();
      else this.sending--;
    }
  }

  /** Closes the idle connections now and the busy ones after their mail. */
  close(): void {
    this.transport.close();
  }

  private async takeConnectionSlot(): Promise<void> {
    if (this.sending < this.options.maxConnections) {
      this.sending++;
      return;
    }
    const waiting = this.waiting.length;
    if (waiting >= this.options.maxWaiting) {
      const mails = waiting === 1 ? "1 mail waits" : `${waiting} mails wait`;
      throw new MailError(`The mail queue is full: ${mails} for the relay.`);
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }
}

/** Decorates `app.mailer`; closing the app waits for the mails still being sent. */
export function registerMailer(app: FastifyInstance, config: AppConfig): void {
  const { smtp, from } = config.mail;
  const mailer = smtp
    ? new SmtpMailer(smtp, from)
    : new OutboxMailer(join(config.dataDir, "mail"), from, app.log);
  const inFlight = new Set<Promise<void>>();

  app.decorate<Mailer>("mailer", {
    send(message) {
      const sending = mailer.send(message);
      inFlight.add(sending);
      const forget = () => inFlight.delete(sending);
      sending.then(forget, forget);
      return sending;
    },
  });
  app.addHook("onClose", async () => {
    await Promise.allSettled(inFlight);
    if (mailer instanceof SmtpMailer) mailer.close();
  });
}

/** `2026-01-31T10-15-00-123Z-ada_example.com.eml`-like: sortable by time, safe on any file system. */
function outboxFileName(to: string): string {
  const timestamp = new Date().toISOString().replace(/[:.]/g, "-");
  const recipient = to.replace(/[^A-Za-z0-9@._+-]/g, "_");
  return `${timestamp}-${recipient}`;
}

/**
 * Writes `<base>.eml`, or `<base>-2.eml`... when two mails to one address share a millisecond, whole or
 * not at all (`createWholeFile`), so whoever reads the outbox (a person, a test, a pickup script) never
 * sees a half-written mail. The directory is made when a write finds it missing (the first mail, or
 * after someone emptied DATA_DIR), not before every mail.
 */
async function writeNewFile(directory: string, base: string, content: Buffer): Promise<string> {
  for (let attempt = 1; attempt <= 100; attempt++) {
    const file = join(directory, attempt === 1 ? `${base}.eml` : `${base}-${attempt}.eml`);
    const created = await createWholeFile(file, content, 0o644).catch(async (error) => {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      await mkdir(directory, { recursive: true });
      return createWholeFile(file, content, 0o644);
    });
    if (created) return file;
  }
  throw new Error(`100 mails to one address in one millisecond: ${base}.eml`);
}

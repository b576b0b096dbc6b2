import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { createWholeFile } from "@toolshop/db/whole-file";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { AppConfig } from "../env";
import { composeMail, type MailAddress } from "../lib/mime-message";
import { SmtpPool } from "../lib/smtp-pool";
import type { SmtpOptions } from "../lib/smtp-url";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
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
 * The default for development and tests: every mail becomes a real .eml file in
 * `DATA_DIR/mail/<timestamp>-<to>.eml` (open it with any mail program), and the log says which file, so
 * that nobody needs a mail server to verify an address or reset a password. The log never shows what a
 * mail holds: its links carry one-time tokens, and whoever reads logs must not be able to use them.
 */
export class OutboxMailer implements Mailer {
  constructor(
    private readonly directory: string,
    private readonly from: MailAddress,
    private readonly log: FastifyBaseLogger,
  ) {}

  async send(message: MailMessage): Promise<void> {
    // Named when sent, not when written: the outbox lists mails in the order they were sent.
    const name = outboxFileName(message.to);
    const composed = composeMail({ from: this.from, ...message });
    const file = await writeNewFile(this.directory, name, composed.message);
    this.log.info({ to: message.to, subject: message.subject, file }, "mail written to the outbox");
  }
}

/**
 * Through the shop's own SMTP client (decision 0025): a pool of kept-open connections (a connection
 * per mail paid a TCP and TLS handshake and the greeting for every payment's confirmation), each
 * mail's envelope pipelined. SMTP_URL's query sets the pool (`?maxConnections=10`, `?pool=false`).
 */
export class SmtpMailer implements Mailer {
  private readonly pool: SmtpPool;

  constructor(
    options: SmtpOptions,
    private readonly from: MailAddress,
  ) {
    this.pool = new SmtpPool(options);
  }

  async send(message: MailMessage): Promise<void> {
    const composed = composeMail({ from: this.from, ...message });
    await this.pool.send(composed.envelope, composed.message);
  }

  close(): Promise<void> {
    return this.pool.close();
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
    if (mailer instanceof SmtpMailer) await mailer.close();
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

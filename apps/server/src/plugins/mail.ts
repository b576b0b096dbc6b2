import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import nodemailer from "nodemailer";
import type { AppConfig } from "../env";

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
  private readonly transport = nodemailer.createTransport({ streamTransport: true, buffer: true });

  constructor(
    private readonly directory: string,
    private readonly from: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  async send(message: MailMessage): Promise<void> {
    // Named when sent, not when written: the outbox lists mails in the order they were sent.
    const name = outboxFileName(message.to);
    const info = await this.transport.sendMail({ from: this.from, ...message });
    await mkdir(this.directory, { recursive: true });
    const file = await writeNewFile(this.directory, name, info.message as Buffer);
    this.log.info({ to: message.to, subject: message.subject, file }, "mail written to the outbox");
  }
}

export class SmtpMailer implements Mailer {
  private readonly transport;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(smtpUrl);
  }

  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail({ from: this.from, ...message });
  }

  close(): void {
    this.transport.close();
  }
}

/** Decorates `app.mailer`; closing the app waits for the mails still being sent. */
export function registerMailer(app: FastifyInstance, config: AppConfig): void {
  const { smtpUrl, from } = config.mail;
  const mailer = smtpUrl
    ? new SmtpMailer(smtpUrl, from)
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

/** Writes `<base>.eml`, or `<base>-2.eml`... when two mails to one address share a millisecond. */
async function writeNewFile(directory: string, base: string, content: Buffer): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    const file = join(directory, attempt === 1 ? `${base}.eml` : `${base}-${attempt}.eml`);
    try {
      await writeFile(file, content, { flag: "wx" });
      return file;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST" || attempt >= 100) throw error;
    }
  }
}

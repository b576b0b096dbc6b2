import { mkdir, writeFile } from "node:fs/promises";
import { createConnection, type Socket } from "node:net";
import { join } from "node:path";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import nodemailer from "nodemailer";
import { parseConnectionUrl } from "nodemailer/lib/shared/index.js";
import type SMTPConnection from "nodemailer/lib/smtp-connection";
import type SMTPPool from "nodemailer/lib/smtp-pool";
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
    const file = await writeNewFile(this.directory, name, info.message as Buffer);
    this.log.info({ to: message.to, subject: message.subject, file }, "mail written to the outbox");
  }
}

/**
 * Through a pool of SMTP connections, kept open between mails: a connection per mail paid a TCP (and
 * TLS) handshake and the greeting for every payment's confirmation. `?pool=false` in SMTP_URL keeps
 * one connection per mail; nodemailer reads its other options from the URL too (maxConnections...).
 */
export class SmtpMailer implements Mailer {
  private readonly transport;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    // Typed as a plain connection's, but it holds what the URL's query sets too (pool, proxy...).
    const options = parseConnectionUrl(smtpUrl) as SMTPConnection.Options & {
      pool?: boolean;
      proxy?: string;
    };
    this.transport = nodemailer.createTransport({
      ...options,
      pool: options.pool ?? true,
      ...(options.proxy ? {} : { getSocket: connectWithoutDelay }),
    } as SMTPPool.Options);
  }

  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail({ from: this.from, ...message });
  }

  close(): void {
    this.transport.close();
  }
}

/**
 * nodemailer's own TCP connections keep Nagle's algorithm on, and it writes a mail's end (".") on its
 * own: that small packet then waits for the relay's delayed ACK, 40 ms on Linux, so one connection
 * sent about 25 mails a second to a relay on the same network (bench/smtp-sink.mjs measured 107 a
 * second on a pool of five). This opens the connection with TCP_NODELAY; nodemailer starts TLS on it
 * for smtps:// (and STARTTLS when offered) as on its own connections.
 */
function connectWithoutDelay(
  options: SMTPConnection.Options,
  callback: (error: Error | null, socketOptions?: { connection: Socket }) => void,
): void {
  const port = Number(options.port) || (options.secure ? 465 : 587);
  // The options of SMTP_URL that concern the TCP connection itself, as nodemailer would apply them.
  const socket = createConnection({
    host: options.host ?? "localhost",
    port,
    ...(options.localAddress ? { localAddress: options.localAddress } : {}),
  });
  socket.setNoDelay(true);
  const timer = setTimeout(
    () => socket.destroy(new Error("Connection timeout")),
    options.connectionTimeout ?? 120_000,
  );
  const failed = (error: Error) => {
    clearTimeout(timer);
    callback(error);
  };
  socket.once("error", failed);
  socket.once("connect", () => {
    clearTimeout(timer);
    // From here on nodemailer listens for the connection's errors.
    socket.off("error", failed);
    callback(null, { connection: socket });
  });
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

/**
 * Writes `<base>.eml`, or `<base>-2.eml`... when two mails to one address share a millisecond. The
 * directory is made when a write finds it missing (the first mail, or after someone emptied DATA_DIR),
 * not before every mail.
 */
async function writeNewFile(directory: string, base: string, content: Buffer): Promise<string> {
  let madeDirectory = false;
  for (let attempt = 1; ; ) {
    const file = join(directory, attempt === 1 ? `${base}.eml` : `${base}-${attempt}.eml`);
    try {
      await writeFile(file, content, { flag: "wx" });
      return file;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "ENOENT" && !madeDirectory) {
        await mkdir(directory, { recursive: true });
        madeDirectory = true;
      } else if (code === "EEXIST" && attempt < 100) {
        attempt++;
      } else {
        throw error;
      }
    }
  }
}

// A real SMTP server for the mail tests (smtp-server), listening on a free local port: it keeps every
// mail it is handed, with its envelope, so a test can read what the shop sent.
import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { SMTPServer, type SMTPServerOptions } from "smtp-server";

export interface ReceivedMail {
  from: string | undefined;
  to: string[];
  raw: string;
  /** Whether the mail came over TLS (smtps:// or STARTTLS). */
  secure: boolean;
  /** The user the client signed in as, if it did. */
  user: string | undefined;
}

export interface SmtpPeer {
  /** smtp://127.0.0.1:<port> (or smtps://), for SMTP_URL. */
  url: string;
  port: number;
  received: ReceivedMail[];
  /** The client's address of every SMTP connection opened to it so far, in order. */
  clientAddresses: string[];
  close(): Promise<void>;
}

/**
 * `secure`: TLS from the first byte (smtps://) with smtp-server's own self-signed certificate, which
 * the URL tells the shop to accept. Other smtp-server options (STARTTLS back on, AUTH, a refused
 * recipient...) replace the defaults below.
 */
export async function startSmtpPeer({
  secure = false,
  acceptDelayMs = 0,
  ...options
}: SMTPServerOptions & {
  /** A slow relay: it answers each mail's data this long after receiving it (kept once answered). */
  acceptDelayMs?: number;
} = {}): Promise<SmtpPeer> {
  const received: ReceivedMail[] = [];
  const clientAddresses: string[] = [];
  const smtp = new SMTPServer({
    secure,
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    ...options,
    onConnect(session, callback) {
      clientAddresses.push(session.remoteAddress);
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", async () => {
        if (acceptDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, acceptDelayMs));
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks).toString("utf8"),
          secure: session.secure,
          user: session.user as string | undefined,
        });
        callback();
      });
    },
  });
  // A client that dies mid-mail (a killed server) resets its connection: not the relay's failure.
  smtp.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code !== "ECONNRESET") throw error;
  });
  const listening = smtp.listen(0, "127.0.0.1");
  await once(listening, "listening");
  const { port } = listening.address() as AddressInfo;
  return {
    url: secure ? `smtps://127.0.0.1:${port}/?tls.rejectUnauthorized=false` : `smtp://127.0.0.1:${port}`,
    port,
    received,
    clientAddresses,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}

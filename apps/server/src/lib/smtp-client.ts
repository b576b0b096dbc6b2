// The shop's SMTP client (decision 0025): a pool of kept-open connections that pipelines each mail's
// envelope (RFC 2920) when the relay offers it, so a mail costs two writes and two waits. nodemailer
// spent about 1.4 ms of CPU a mail here, most of a paid order's own cost.
import { connect as connectTcp, isIP, type Socket } from "node:net";
import { connect as connectTls } from "node:tls";
import type { SmtpOptions } from "./smtp-url";

/** A refusal by the relay (`code` is its reply's), or a connection that failed or timed out. */
export class SmtpError extends Error {
  constructor(
    message: string,
    readonly code?: number,
  ) {
    super(message);
    this.name = "SmtpError";
  }
}

interface Reply {
  code: number;
  text: string;
}

interface Waiter {
  resolve(reply: Reply): void;
  reject(error: Error): void;
}

// A relay's reply line longer than this is not a relay.
const MAX_REPLY_BYTES = 64 * 1024;
const ENVELOPE_ADDRESS = /^[^\s<>\p{Cc}]+@[^\s<>\p{Cc}]+$/u;
const QUIT_WAIT_MS = 1000;

/** One connection: replies come in the order commands went, so each answers the oldest waiter. */
export class SmtpConnection {
  private socket: Socket;
  private received = "";
  private replyLines: string[] = [];
  private readonly waiters: Waiter[] = [];
  private failure: Error | undefined;
  private readonly extensions = new Set<string>();
  private readonly authMechanisms = new Set<string>();
  private encrypted: boolean;
  private closedListener: (() => void) | undefined;
  /** Mails this connection carried; a connection that carried one may have been dropped since. */
  mailsSent = 0;
  /** Whether the current mail's content was written: from then on it may have been delivered. */
  contentWritten = false;

  private constructor(
    socket: Socket,
    private readonly options: SmtpOptions,
  ) {
    this.socket = socket;
    this.encrypted = options.secure;
    this.listen(socket);
  }

  static async open(options: SmtpOptions): Promise<SmtpConnection> {
    const connection = new SmtpConnection(dial(options), options);
    try {
      await connection.handshake();
      return connection;
    } catch (error) {
      connection.destroy(error as Error);
      throw error;
    }
  }

  get usable(): boolean {
    return this.failure === undefined;
  }

  onClosed(listener: () => void): void {
    this.closedListener = listener;
  }

  async send(from: string, to: string, message: Buffer): Promise<void> {
    assertEnvelope(from, to);
    this.contentWritten = false;
    const envelope = [`MAIL FROM:<${from}>`, `RCPT TO:<${to}>`, "DATA"];
    const replies = this.extensions.has("PIPELINING")
      ? await this.pipeline(envelope)
      : await this.oneByOne(envelope);
    const refused = replies.findIndex((reply, index) => !accepts(reply, index < 2 ? 2 : 3));
    if (refused !== -1) {
      const reply = replies[refused] as Reply;
      // Content after a DATA the relay took would be a mail: drop the connection instead.
      if (replies[2]?.code === 354) this.destroy(new SmtpError("The mail was refused after DATA."));
      else await this.expect(this.command("RSET"), 2, "RSET");
      throw refusal(envelope[refused] as string, reply);
    }
    this.contentWritten = true;
    this.write(Buffer.concat([dotStuffed(message), endOfData(message)]));
    this.mailsSent++;
    await this.expect(this.reply(), 2, "the end of the mail");
  }

  /** QUIT, without waiting more than a second for the relay to answer it. */
  async quit(): Promise<void> {
    if (this.usable) {
      const timer = new Promise((resolve) => setTimeout(resolve, QUIT_WAIT_MS).unref());
      await Promise.race([this.command("QUIT").catch(() => undefined), timer]);
    }
    this.destroy(new SmtpError("The connection was closed."));
  }

  destroy(error: Error): void {
    this.fail(error);
    this.socket.destroy();
  }

  private async handshake(): Promise<void> {
    await this.expect(this.reply(), 2, "the greeting");
    await this.hello();
    const { options } = this;
    if (!this.encrypted && !options.ignoreTLS && this.extensions.has("STARTTLS")) {
      await this.expect(this.command("STARTTLS"), 2, "STARTTLS");
      await this.startTls();
      await this.hello();
    }
    if (options.requireTLS && !this.encrypted) {
      throw new SmtpError("The SMTP server does not offer STARTTLS, and SMTP_URL requires TLS.");
    }
    if (options.auth) await this.authenticate(options.auth);
  }

  private async hello(): Promise<void> {
    const name = this.options.clientName;
    let reply = await this.command(`EHLO ${name}`);
    this.extensions.clear();
    this.authMechanisms.clear();
    if (reply.code >= 500) reply = await this.expect(this.command(`HELO ${name}`), 2, "HELO");
    else if (!accepts(reply, 2)) throw refusal("EHLO", reply);
    for (const line of reply.text.split("\n").slice(1)) {
      const [keyword = "", ...parameters] = line.slice(4).toUpperCase().split(/[ =]/);
      this.extensions.add(keyword);
      if (keyword === "AUTH") for (const mechanism of parameters) this.authMechanisms.add(mechanism);
    }
  }

  private async authenticate({ user, pass }: { user: string; pass: string }): Promise<void> {
    const base64 = (value: string) => Buffer.from(value, "utf8").toString("base64");
    if (this.authMechanisms.has("PLAIN")) {
      await this.expect(this.command(`AUTH PLAIN ${base64(`\0${user}\0${pass}`)}`), 2, "AUTH PLAIN");
    } else if (this.authMechanisms.has("LOGIN")) {
      await this.expect(this.command("AUTH LOGIN"), 3, "AUTH LOGIN");
      await this.expect(this.command(base64(user)), 3, "AUTH LOGIN");
      await this.expect(this.command(base64(pass)), 2, "AUTH LOGIN");
    } else {
      throw new SmtpError("The SMTP server offers no sign-in this shop knows (AUTH PLAIN or LOGIN).");
    }
  }

  private async startTls(): Promise<void> {
    const plain = this.socket;
    plain.removeAllListeners("data").removeAllListeners("close").removeAllListeners("timeout");
    const { host, rejectUnauthorized } = this.options;
    const secured = connectTls({
      socket: plain,
      rejectUnauthorized,
      ...(isIP(host) ? {} : { servername: host }),
    });
    this.socket = secured;
    this.listen(secured);
    await new Promise<void>((resolve, reject) => {
      secured.once("secureConnect", resolve);
      secured.once("error", reject);
    });
    this.encrypted = true;
  }

  private listen(socket: Socket): void {
    socket.setNoDelay(true);
    socket.setEncoding("latin1");
    socket.on("data", (chunk: string) => this.read(chunk));
    socket.on("error", (error) => this.fail(error));
    socket.on("close", () => this.fail(new SmtpError("The SMTP server closed the connection.")));
    socket.on("timeout", () =>
      this.destroy(new SmtpError(`The SMTP server did not answer within ${this.options.timeoutMs} ms.`)),
    );
  }

  private read(chunk: string): void {
    this.received += chunk;
    let end = this.received.indexOf("\n");
    while (end !== -1) {
      const line = this.received.slice(0, end).replace(/\r$/, "");
      this.received = this.received.slice(end + 1);
      this.replyLines.push(line);
      if (!/^\d{3}([ -]|$)/.test(line)) {
        this.destroy(new SmtpError(`Not an SMTP reply: ${line}`));
        return;
      }
      if (line[3] !== "-") {
        const reply = { code: Number(line.slice(0, 3)), text: this.replyLines.join("\n") };
        this.replyLines = [];
        const waiter = this.waiters.shift();
        if (!waiter) {
          this.destroy(new SmtpError(`An SMTP reply nobody asked for: ${line}`));
          return;
        }
        if (this.waiters.length === 0) this.socket.setTimeout(0);
        waiter.resolve(reply);
      }
      end = this.received.indexOf("\n");
    }
    if (this.received.length > MAX_REPLY_BYTES) this.destroy(new SmtpError("An SMTP reply too long."));
  }

  private fail(error: Error): void {
    if (this.failure) return;
    this.failure = error;
    for (const waiter of this.waiters.splice(0)) waiter.reject(error);
    this.closedListener?.();
  }

  private reply(): Promise<Reply> {
    if (this.failure) return Promise.reject(this.failure);
    if (this.waiters.length === 0) this.socket.setTimeout(this.options.timeoutMs);
    return new Promise((resolve, reject) => this.waiters.push({ resolve, reject }));
  }

  private write(data: string | Buffer): void {
    if (!this.failure) this.socket.write(data);
  }

  private command(line: string): Promise<Reply> {
    this.write(`${line}\r\n`);
    return this.reply();
  }

  private pipeline(commands: string[]): Promise<Reply[]> {
    this.write(`${commands.join("\r\n")}\r\n`);
    return Promise.all(commands.map(() => this.reply()));
  }

  private async oneByOne(commands: string[]): Promise<Reply[]> {
    const replies: Reply[] = [];
    for (const [index, command] of commands.entries()) {
      const reply = await this.command(command);
      replies.push(reply);
      if (!accepts(reply, index < 2 ? 2 : 3)) break;
    }
    return replies;
  }

  private async expect(replying: Promise<Reply>, kind: 2 | 3, what: string): Promise<Reply> {
    const reply = await replying;
    if (!accepts(reply, kind)) throw refusal(what, reply);
    return reply;
  }
}

/** Addresses go into MAIL FROM and RCPT TO as they are: nothing that could end or bend a command. */
export function assertEnvelope(from: string, to: string): void {
  if (!ENVELOPE_ADDRESS.test(from) || !ENVELOPE_ADDRESS.test(to)) {
    throw new SmtpError("A mail's sender and recipient must be plain email addresses.");
  }
}

function dial(options: SmtpOptions): Socket {
  const { host, port, localAddress, rejectUnauthorized, timeoutMs } = options;
  const target = { host, port, ...(localAddress ? { localAddress } : {}) };
  const socket = options.secure
    ? connectTls({ ...target, rejectUnauthorized, ...(isIP(host) ? {} : { servername: host }) })
    : connectTcp(target);
  // Until the greeting's waiter sets its own, this bounds the connection's opening.
  socket.setTimeout(timeoutMs);
  return socket;
}

function accepts(reply: Reply, kind: 2 | 3): boolean {
  return Math.floor(reply.code / 100) === kind;
}

function refusal(what: string, reply: Reply): SmtpError {
  return new SmtpError(`The SMTP server refused ${what}: ${reply.text.replaceAll("\n", " ")}`, reply.code);
}

/** A line that starts with "." gets another (RFC 5321 4.5.2), so no line of a mail ends it early. */
function dotStuffed(message: Buffer): Buffer {
  if (message[0] !== 0x2e && message.indexOf("\n.") === -1) return message;
  return Buffer.from(message.toString("latin1").replace(/(^|\n)\./g, "$1.."), "latin1");
}

function endOfData(message: Buffer): Buffer {
  const endsWithLine = message.length >= 2 && message.at(-2) === 0x0d && message.at(-1) === 0x0a;
  return Buffer.from(endsWithLine ? ".\r\n" : "\r\n.\r\n");
}

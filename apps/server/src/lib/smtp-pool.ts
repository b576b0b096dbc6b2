// Mails share up to `maxConnections` kept-open SMTP connections (lib/smtp-client.ts); a mail waits for
// a free one, up to `maxWaiting` of them. Beyond that a mail is refused at once: a relay slower than the
// shop's payments would otherwise grow the queue, and the process, without limit (decision 0033).
// A relay may drop an idle connection at any time: a mail that finds its connection gone before its
// content went out is sent again once, on a new connection, so none is lost to that race.
import { assertEnvelope, SmtpConnection, SmtpError } from "./smtp-client";
import type { SmtpOptions } from "./smtp-url";

interface Job {
  from: string;
  to: string;
  message: Buffer;
  retried: boolean;
  resolve(): void;
  reject(error: Error): void;
}

export class SmtpPool {
  private readonly idle: SmtpConnection[] = [];
  private readonly live = new Set<SmtpConnection>();
  private opening = 0;
  private readonly queue: Job[] = [];
  private closed = false;

  constructor(private readonly options: SmtpOptions) {}

  send(envelope: { from: string; to: string }, message: Buffer): Promise<void> {
    if (this.closed) return Promise.reject(new SmtpError("The mailer is closed."));
    const waiting = this.queue.length;
    if (waiting >= this.options.maxWaiting) {
      const mails = waiting === 1 ? "1 mail waits" : `${waiting} mails wait`;
      return Promise.reject(new SmtpError(`The mail queue is full: ${mails} for the relay.`));
    }
    return new Promise((resolve, reject) => {
      assertEnvelope(envelope.from, envelope.to);
      this.queue.push({ ...envelope, message, retried: false, resolve, reject });
      this.pump();
    });
  }

  /** Closes the idle connections now and the busy ones after their mail. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new SmtpError("The mailer is closed."));
    await Promise.all(this.idle.splice(0).map((connection) => this.retire(connection)));
  }

  /** Connections open or opening, for tests. */
  get size(): number {
    return this.live.size + this.opening;
  }

  private pump(): void {
    while (this.queue.length > 0) {
      const connection = this.idle.pop();
      if (connection) {
        void this.run(connection, this.queue.shift() as Job);
      } else if (this.size < this.options.maxConnections) {
        void this.openFor(this.queue.shift() as Job);
      } else {
        return;
      }
    }
  }

  private async openFor(job: Job): Promise<void> {
    this.opening++;
    let connection: SmtpConnection;
    try {
      connection = await SmtpConnection.open(this.options);
    } catch (error) {
      this.opening--;
      job.reject(error as Error);
      this.pump();
      return;
    }
    this.opening--;
    this.live.add(connection);
    connection.onClosed(() => this.forget(connection));
    await this.run(connection, job);
  }

  private async run(connection: SmtpConnection, job: Job): Promise<void> {
    const reused = connection.mailsSent > 0;
    try {
      await connection.send(job.from, job.to, job.message);
      job.resolve();
    } catch (error) {
      const dropped = !connection.usable && reused && !connection.contentWritten;
      if (dropped && !job.retried && !this.closed) {
        job.retried = true;
        this.queue.unshift(job);
      } else {
        job.reject(error as Error);
      }
    }
    if (connection.usable && this.options.keepOpen && !this.closed) this.idle.push(connection);
    else await this.retire(connection);
    this.pump();
  }

  private async retire(connection: SmtpConnection): Promise<void> {
    this.forget(connection);
    await connection.quit();
  }

  private forget(connection: SmtpConnection): void {
    this.live.delete(connection);
    const index = this.idle.indexOf(connection);
    if (index !== -1) this.idle.splice(index, 1);
  }
}

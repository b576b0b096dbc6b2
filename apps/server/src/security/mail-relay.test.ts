// Issue 47, findings 4 and 8: the relay's password and the shop's mails (with their one-time links)
// never go in clear unless SMTP_URL says so, and a hostile relay cannot grow the server's memory or
// hold a mail past the timeout. Real relays: smtp-server, and a plain TCP server that misbehaves.
import { once } from "node:events";
import { type AddressInfo, createServer, type Socket } from "node:net";
import type { SMTPServerOptions } from "smtp-server";
import { afterEach, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../env";
import { isPermanentMailError } from "../features/jobs/mail-queue";
import { uniqueEmail } from "../testing/identity-client";
import { startSmtpPeer } from "../testing/smtp-peer";
import { createTestApp, type TestApp } from "../testing/test-app";

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

/** smtp-server that signs in "shop" / "s3cret" and records every AUTH and MAIL FROM it was sent. */
async function relayWithSignIn(options: SMTPServerOptions) {
  const seen = { auth: [] as string[], mailFrom: [] as string[] };
  const peer = await startSmtpPeer({
    authMethods: ["PLAIN", "LOGIN"],
    // Lets AUTH through in clear, so that a client that sends it is seen doing so.
    allowInsecureAuth: true,
    onAuth(auth, session, callback) {
      seen.auth.push(`${auth.username}:${session.secure ? "tls" : "clear"}`);
      if (auth.username === "shop" && auth.password === "s3cret") return callback(null, { user: "shop" });
      callback(new Error("Invalid username or password"));
    },
    onMailFrom(address, session, callback) {
      seen.mailFrom.push(`${address.address}:${session.secure ? "tls" : "clear"}`);
      callback();
    },
    ...options,
  });
  closers.push(() => peer.close());
  return { ...peer, seen };
}

async function appWith(smtpUrl: string): Promise<TestApp> {
  const t = await createTestApp({ kind: "pglite" }, { env: { SMTP_URL: smtpUrl } });
  closers.push(() => t.close());
  return t;
}

const mail = (to: string) => ({ to, subject: "Reset your password", text: "token", html: "<p>token</p>" });

describe("the relay's password and the mails over SMTP", () => {
  it("with credentials, sends neither AUTH nor a mail to a relay that offers no STARTTLS: the mail fails", async () => {
    const relay = await relayWithSignIn({ disabledCommands: ["STARTTLS"] });
    const t = await appWith(`smtp://shop:s3cret@127.0.0.1:${relay.port}/?timeout=5000`);
    const error = await t.app.mailer.send(mail(uniqueEmail("clear"))).catch((caught: Error) => caught);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(/STARTTLS/);
    expect(relay.seen).toEqual({ auth: [], mailFrom: [] });
    expect(relay.received).toEqual([]);
    // A mail job that fails so is kept as a failed job, for an operator: STARTTLS refused with a 5xx.
    expect(isPermanentMailError(error)).toBe(true);
    expect((error as Error).message).toMatch(/STARTTLS: 500 /);
  });

  it("with credentials, signs in and sends over STARTTLS when the relay offers it", async () => {
    const relay = await relayWithSignIn({ disabledCommands: [] });
    // smtp-server's certificate is self-signed: the test accepts it by SMTP_URL's explicit option.
    const t = await appWith(`smtp://shop:s3cret@127.0.0.1:${relay.port}/?tls.rejectUnauthorized=false`);
    const to = uniqueEmail("starttls");
    await t.app.mailer.send(mail(to));
    expect(relay.seen).toEqual({ auth: ["shop:tls"], mailFrom: ["no-reply@toolshop.local:tls"] });
    expect(relay.received.map((received) => [received.to, received.secure, received.user])).toEqual([
      [[to], true, "shop"],
    ]);
  });

  it("signs in in clear only when SMTP_URL says requireTLS=false", async () => {
    const relay = await relayWithSignIn({ disabledCommands: ["STARTTLS"] });
    const t = await appWith(`smtp://shop:s3cret@127.0.0.1:${relay.port}/?requireTLS=false`);
    const to = uniqueEmail("opted-out");
    await t.app.mailer.send(mail(to));
    expect(relay.seen).toEqual({ auth: ["shop:clear"], mailFrom: ["no-reply@toolshop.local:clear"] });
    expect(relay.received.map((received) => received.to)).toEqual([[to]]);
  });

  it("refuses to start on an SMTP_URL that asks for credentials in clear without saying requireTLS=false", () => {
    const problems = (smtpUrl: string) => {
      try {
        loadConfig({ SMTP_URL: smtpUrl });
      } catch (error) {
        if (error instanceof ConfigError) return error.problems;
        throw error;
      }
      return [];
    };
    expect(problems("smtp://shop:s3cret@relay.example/?ignoreTLS=true")).toEqual([
      "SMTP_URL has credentials and ignoreTLS=true, which would send the password and every mail in clear: add requireTLS=false to allow that, or remove ignoreTLS.",
    ]);
    expect(problems("smtp://relay.example/?requireTLS=true&ignoreTLS=true")).toEqual([
      "SMTP_URL cannot have both requireTLS=true and ignoreTLS=true.",
    ]);
    // The explicit opt-out, and a relay without credentials, start.
    expect(problems("smtp://shop:s3cret@relay.example/?ignoreTLS=true&requireTLS=false")).toEqual([]);
    expect(problems("smtp://relay.example/?ignoreTLS=true")).toEqual([]);
  });
});

/**
 * A "relay" whose reply never ends: `220-` lines from the start, or (`afterGreeting`) a greeting and then
 * `250-` lines in answer to EHLO; a batch of lines each tick.
 */
async function endlessReply(lineBytes: number, linesPerTick: number, tickMs: number, afterGreeting = false) {
  const state = { bytesWritten: 0, closedAt: 0 };
  const line = `${afterGreeting ? 250 : 220}-${"x".repeat(lineBytes - 6)}\r\n`;
  const server = createServer((socket: Socket) => {
    socket.on("error", () => undefined);
    let timer: NodeJS.Timeout | undefined;
    const stream = () => {
      timer = setInterval(() => {
        if (socket.destroyed) return;
        socket.write(line.repeat(linesPerTick));
        state.bytesWritten += line.length * linesPerTick;
      }, tickMs);
    };
    if (afterGreeting) {
      socket.write("220 relay ESMTP\r\n");
      socket.once("data", stream);
    } else {
      stream();
    }
    socket.on("close", () => {
      clearInterval(timer);
      state.closedAt = Date.now();
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  closers.push(() => new Promise((resolve) => server.close(() => resolve())));
  return { port: (server.address() as AddressInfo).port, state };
}

describe("a hostile relay's replies", () => {
  it("bounds a greeting that streams 220- lines fast: the client drops it within 256 KB, not the relay's pace", async () => {
    // 1 MB a second: the old client kept every line and restarted its timeout at each chunk.
    const relay = await endlessReply(100, 160, 16);
    // A deadline far past what the size bound needs: at 1 MB a second it would let 20 MB through.
    const t = await appWith(`smtp://127.0.0.1:${relay.port}/?timeout=20000`);
    const error = await t.app.mailer.send(mail(uniqueEmail("flood"))).catch((caught: Error) => caught);
    expect(error).toBeInstanceOf(Error);
    expect(String(error)).not.toMatch(/did not take the mail within/);
    await expect.poll(() => relay.state.closedAt, { timeout: 2000 }).toBeGreaterThan(0);
    expect(relay.state.bytesWritten).toBeLessThan(256 * 1024);
  });

  it("bounds a greeting that streams 220- lines slowly in time: the mail fails within SMTP_URL's timeout", async () => {
    // 200 bytes every 50 ms stays far below the size bound: only the greeting's deadline ends it.
    const relay = await endlessReply(100, 2, 50);
    const t = await appWith(`smtp://127.0.0.1:${relay.port}/?timeout=1000`);
    // The relay would trickle forever: a failure at all, saying the deadline, is the bound (no time is asserted).
    const error = await t.app.mailer.send(mail(uniqueEmail("trickle"))).catch((caught: Error) => caught);
    expect(String(error)).toMatch(/did not take the mail within 1000 ms|timeout/i);
    await expect.poll(() => relay.state.closedAt, { timeout: 2000 }).toBeGreaterThan(0);
  });

  it("bounds a later reply that streams slowly in time too: EHLO's answer, 250- lines, fails within the timeout", async () => {
    const relay = await endlessReply(100, 2, 50, true);
    const t = await appWith(`smtp://127.0.0.1:${relay.port}/?timeout=1000`);
    const error = await t.app.mailer.send(mail(uniqueEmail("trickle-ehlo"))).catch((caught: Error) => caught);
    expect(String(error)).toMatch(/did not take the mail within 1000 ms/);
    await expect.poll(() => relay.state.closedAt, { timeout: 2000 }).toBeGreaterThan(0);
  });
});

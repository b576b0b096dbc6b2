// The SMTP client and its pool against real relays: smtp-server for the protocol as a relay speaks it,
// and a scripted relay (a plain TCP server) where a test needs a relay to misbehave on cue.
import { once } from "node:events";
import { type AddressInfo, createServer, type Server, type Socket } from "node:net";
import type { SMTPServerOptions } from "smtp-server";
import { afterEach, describe, expect, it } from "vitest";
import { startSmtpPeer } from "../testing/smtp-peer";
import { SmtpError } from "./smtp-client";
import { SmtpPool } from "./smtp-pool";
import { parseSmtpUrl } from "./smtp-url";

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

/** smtp-server (testing/smtp-peer.ts), closed after the test; `options` replace its defaults. */
async function relay(options: SMTPServerOptions = {}) {
  const peer = await startSmtpPeer(options);
  closers.push(() => peer.close());
  return { port: peer.port, delivered: peer.received, connections: () => peer.clientAddresses.length };
}

/** A relay that runs `script` on each connection: it writes the replies, the test decides when. */
async function scriptedRelay(
  script: (socket: Socket, lines: AsyncIterator<string>, index: number) => Promise<void>,
) {
  let index = 0;
  const server: Server = createServer((socket) => {
    socket.on("error", () => undefined);
    void script(socket, commandLines(socket), index++).catch(() => socket.destroy());
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  closers.push(() => new Promise((resolve) => server.close(() => resolve())));
  return { port: (server.address() as AddressInfo).port, connections: () => index };
}

async function* commandLines(socket: Socket): AsyncGenerator<string> {
  let buffered = "";
  for await (const chunk of socket) {
    buffered += String(chunk);
    let end = buffered.indexOf("\r\n");
    while (end !== -1) {
      yield buffered.slice(0, end);
      buffered = buffered.slice(end + 2);
      end = buffered.indexOf("\r\n");
    }
  }
}

async function next(lines: AsyncIterator<string>): Promise<string> {
  const { value, done } = await lines.next();
  if (done) throw new Error("the client closed the connection");
  return value;
}

/** Greets, answers EHLO with `extensions`, and accepts mails until the client quits. */
async function acceptMails(
  socket: Socket,
  lines: AsyncIterator<string>,
  extensions: string[],
  mails: string[],
) {
  socket.write("220 scripted ESMTP\r\n");
  await next(lines);
  socket.write(
    ["250-scripted", ...extensions]
      .map((line, i, all) => line.replace(/^250-/, i === all.length - 1 ? "250 " : "250-"))
      .join("\r\n")
      .concat("\r\n"),
  );
  for (;;) {
    const command = await next(lines);
    if (command === "QUIT") return void socket.end("221 bye\r\n");
    socket.write(command === "DATA" ? "354 go on\r\n" : "250 ok\r\n");
    if (command !== "DATA") continue;
    let content = "";
    for (let line = await next(lines); line !== "."; line = await next(lines)) content += `${line}\r\n`;
    mails.push(content);
    socket.write("250 queued\r\n");
  }
}

function pool(url: string): SmtpPool {
  const created = new SmtpPool(parseSmtpUrl(url));
  closers.push(() => created.close());
  return created;
}

const envelope = (to: string) => ({ from: "shop@toolshop.test", to });
const mail = (text: string) => Buffer.from(`Subject: test\r\n\r\n${text}\r\n`);

describe("SMTP client", () => {
  it("sends mails over one kept-open connection, pipelining each mail's envelope", async () => {
    const smtp = await relay();
    const mailer = pool(`smtp://127.0.0.1:${smtp.port}?maxConnections=1`);
    for (let index = 0; index < 5; index++)
      await mailer.send(envelope(`c${index}@example.com`), mail(`mail ${index}`));
    expect(smtp.delivered.map((delivered) => [delivered.to, delivered.raw])).toEqual(
      Array.from({ length: 5 }, (_, index) => [
        [`c${index}@example.com`],
        `Subject: test\r\n\r\nmail ${index}\r\n`,
      ]),
    );
    expect(smtp.delivered.every((delivered) => delivered.from === "shop@toolshop.test")).toBe(true);
    expect(smtp.connections()).toBe(1);
  });

  it("really pipelines: a relay that answers MAIL FROM only once DATA has arrived still gets the mail", async () => {
    const mails: string[] = [];
    const scripted = await scriptedRelay(async (socket, lines) => {
      socket.write("220 scripted\r\n");
      await next(lines);
      socket.write("250-scripted\r\n250 PIPELINING\r\n");
      const envelopeCommands = [await next(lines), await next(lines), await next(lines)];
      expect(envelopeCommands).toEqual(["MAIL FROM:<shop@toolshop.test>", "RCPT TO:<a@example.com>", "DATA"]);
      socket.write("250 ok\r\n250 ok\r\n354 go on\r\n");
      let content = "";
      for (let line = await next(lines); line !== "."; line = await next(lines)) content += `${line}\r\n`;
      mails.push(content);
      socket.write("250 queued\r\n");
      await acceptMails(socket, lines, [], mails).catch(() => undefined);
    });
    await pool(`smtp://127.0.0.1:${scripted.port}?timeout=2000`).send(
      envelope("a@example.com"),
      mail("piped"),
    );
    expect(mails).toEqual(["Subject: test\r\n\r\npiped\r\n"]);
  });

  it("sends one command at a time to a relay that does not offer PIPELINING", async () => {
    const smtp = await relay({ hidePIPELINING: true });
    await pool(`smtp://127.0.0.1:${smtp.port}`).send(envelope("b@example.com"), mail("one by one"));
    expect(smtp.delivered.map((delivered) => delivered.to)).toEqual([["b@example.com"]]);
  });

  it("doubles a dot that starts a line, so the mail arrives as written", async () => {
    const smtp = await relay();
    const content = ".starts with a dot\r\nmiddle\r\n.\r\n..two\r\nno newline at the end";
    await pool(`smtp://127.0.0.1:${smtp.port}`).send(envelope("dots@example.com"), Buffer.from(content));
    expect(smtp.delivered[0]?.raw).toBe(`${content}\r\n`);
  });

  it("answers a refused recipient with the relay's code and keeps the connection for the next mail", async () => {
    const smtp = await relay({
      onRcptTo(address, _session, callback) {
        if (address.address.startsWith("nobody")) {
          const error = new Error("No such user") as Error & { responseCode: number };
          error.responseCode = 550;
          return callback(error);
        }
        callback();
      },
    });
    const mailer = pool(`smtp://127.0.0.1:${smtp.port}?maxConnections=1`);
    const refused = await mailer.send(envelope("nobody@example.com"), mail("lost")).catch((error) => error);
    expect(refused).toBeInstanceOf(SmtpError);
    expect(refused.code).toBe(550);
    expect(refused.message).toContain("No such user");
    await mailer.send(envelope("somebody@example.com"), mail("kept"));
    expect(smtp.delivered.map((delivered) => delivered.to)).toEqual([["somebody@example.com"]]);
    expect(smtp.connections()).toBe(1);
  });

  it.each([
    ["a CR LF", "victim@example.com>\r\nRCPT TO:<other@example.com"],
    ["a space", "a b@example.com"],
    ["an angle bracket", "a>@example.com"],
    ["no @", "example.com"],
  ])("refuses a recipient with %s before sending anything", async (_, to) => {
    const smtp = await relay();
    const mailer = pool(`smtp://127.0.0.1:${smtp.port}`);
    await expect(mailer.send(envelope(to), mail("x"))).rejects.toThrow(/plain email addresses/);
    await mailer.send(envelope("fine@example.com"), mail("y"));
    expect(smtp.delivered.map((delivered) => delivered.to)).toEqual([["fine@example.com"]]);
  });

  it("sends 50 mails at once over no more than maxConnections connections", async () => {
    const smtp = await relay();
    const mailer = pool(`smtp://127.0.0.1:${smtp.port}?maxConnections=3`);
    await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        mailer.send(envelope(`m${index}@example.com`), mail(`${index}`)),
      ),
    );
    expect(smtp.delivered).toHaveLength(50);
    expect(new Set(smtp.delivered.map((delivered) => delivered.to[0])).size).toBe(50);
    expect(smtp.connections()).toBeLessThanOrEqual(3);
  });

  it("refuses a mail at once beyond maxWaiting, and still sends every mail it took", async () => {
    // The relay holds the first mail's recipient until told to go on: one mail in flight, the rest wait.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const smtp = await relay({
      onRcptTo(_address, _session, callback) {
        void held.then(() => callback());
      },
    });
    const mailer = pool(`smtp://127.0.0.1:${smtp.port}?maxConnections=1&maxWaiting=2`);
    const sends = Array.from({ length: 5 }, (_, index) =>
      mailer.send(envelope(`w${index}@example.com`), mail(`${index}`)),
    );
    const refused = await Promise.allSettled(sends.slice(3));
    expect(refused.map((outcome) => outcome.status)).toEqual(["rejected", "rejected"]);
    expect((refused[0] as PromiseRejectedResult).reason).toBeInstanceOf(SmtpError);
    expect(String((refused[0] as PromiseRejectedResult).reason)).toMatch(/mail queue is full: 2 mails wait/);
    expect(smtp.delivered).toEqual([]);

    release();
    await Promise.all(sends.slice(0, 3));
    expect(smtp.delivered.map((delivered) => delivered.to[0])).toEqual([
      "w0@example.com",
      "w1@example.com",
      "w2@example.com",
    ]);
    // Room again once the queue drained.
    await mailer.send(envelope("w5@example.com"), mail("5"));
    expect(smtp.delivered).toHaveLength(4);
  });

  it("with pool=false, opens a connection per mail and closes it after", async () => {
    const smtp = await relay();
    const mailer = pool(`smtp://127.0.0.1:${smtp.port}?pool=false`);
    await mailer.send(envelope("p1@example.com"), mail("1"));
    await mailer.send(envelope("p2@example.com"), mail("2"));
    expect(smtp.connections()).toBe(2);
    expect(mailer.size).toBe(0);
  });

  it("sends again, on a new connection, a mail whose kept-open connection the relay dropped before its content", async () => {
    const mails: string[] = [];
    const scripted = await scriptedRelay(async (socket, lines, index) => {
      if (index > 0) return acceptMails(socket, lines, ["250 PIPELINING"], mails);
      // The first connection takes one mail, then drops at the second's MAIL FROM.
      socket.write("220 scripted\r\n");
      await next(lines);
      socket.write("250 scripted\r\n");
      await next(lines);
      socket.write("250 ok\r\n");
      await next(lines);
      socket.write("250 ok\r\n");
      await next(lines);
      socket.write("354 go on\r\n");
      for (let line = await next(lines); line !== "."; line = await next(lines)) mails.push(line);
      socket.write("250 queued\r\n");
      await next(lines);
      socket.destroy();
    });
    const mailer = pool(`smtp://127.0.0.1:${scripted.port}?maxConnections=1`);
    await mailer.send(envelope("first@example.com"), mail("first"));
    await mailer.send(envelope("second@example.com"), mail("second"));
    expect(mails.join("\n")).toContain("first");
    expect(mails.join("\n")).toContain("second");
    expect(scripted.connections()).toBe(2);
  });

  it("gives up on a relay that does not answer within the timeout", async () => {
    const silent = await scriptedRelay(async (socket) => {
      await once(socket, "close");
    });
    const started = Date.now();
    await expect(
      pool(`smtp://127.0.0.1:${silent.port}?timeout=300`).send(envelope("t@example.com"), mail("t")),
    ).rejects.toThrow(/did not answer within 300 ms/);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it("fails a mail, not the process, when a relay answers garbage or a reply without end", async () => {
    const garbage = await scriptedRelay(async (socket) => {
      socket.write("hello, I am not a mail server\r\n");
    });
    await expect(
      pool(`smtp://127.0.0.1:${garbage.port}`).send(envelope("g@example.com"), mail("g")),
    ).rejects.toThrow(/Not an SMTP reply/);
    const endless = await scriptedRelay(async (socket) => {
      socket.write(`220 ${"x".repeat(70 * 1024)}`);
    });
    await expect(
      pool(`smtp://127.0.0.1:${endless.port}`).send(envelope("e@example.com"), mail("e")),
    ).rejects.toThrow(/too long/);
  });

  it("fails a mail when nothing listens at the relay's address", async () => {
    const closed = await scriptedRelay(async () => undefined);
    const { port } = closed;
    await closers.pop()?.();
    await expect(pool(`smtp://127.0.0.1:${port}`).send(envelope("c@example.com"), mail("c"))).rejects.toThrow(
      /ECONNREFUSED/,
    );
  });
});

describe("SMTP client over TLS and with a sign-in", () => {
  it("upgrades with STARTTLS when the relay offers it, and checks its certificate unless told not to", async () => {
    const smtp = await relay({ disabledCommands: [] });
    await pool(`smtp://127.0.0.1:${smtp.port}?tls.rejectUnauthorized=false`).send(
      envelope("tls@example.com"),
      mail("tls"),
    );
    expect(smtp.delivered.map((delivered) => delivered.secure)).toEqual([true]);
    // smtp-server's own certificate is self-signed (and expired): a client that checks it refuses it.
    await expect(
      pool(`smtp://127.0.0.1:${smtp.port}`).send(envelope("x@example.com"), mail("x")),
    ).rejects.toThrow(/self-signed|certificate/i);
    expect(smtp.delivered).toHaveLength(1);
  });

  it("speaks TLS from the first byte for smtps://", async () => {
    const smtp = await relay({ secure: true });
    await pool(`smtps://127.0.0.1:${smtp.port}?tls.rejectUnauthorized=false`).send(
      envelope("s@example.com"),
      mail("s"),
    );
    expect(smtp.delivered.map((delivered) => delivered.secure)).toEqual([true]);
  });

  it("refuses to send in clear when requireTLS is set and the relay offers no STARTTLS", async () => {
    const smtp = await relay({ disabledCommands: ["STARTTLS"] });
    await expect(
      pool(`smtp://127.0.0.1:${smtp.port}?requireTLS=true`).send(envelope("r@example.com"), mail("r")),
    ).rejects.toThrow(/requires TLS/);
    expect(smtp.delivered).toEqual([]);
  });

  it.each([["PLAIN"], ["LOGIN"]])(
    "signs in with AUTH %s, and a wrong password fails the mail",
    async (method) => {
      const smtp = await relay({
        disabledCommands: [],
        authMethods: [method],
        authOptional: false,
        onAuth(auth, _session, callback) {
          if (auth.username === "shop" && auth.password === "p@ss word")
            return callback(null, { user: "shop" });
          callback(new Error("Invalid username or password"));
        },
      });
      await pool(`smtp://shop:p%40ss%20word@127.0.0.1:${smtp.port}?tls.rejectUnauthorized=false`).send(
        envelope("a@example.com"),
        mail("signed in"),
      );
      expect(smtp.delivered.map((delivered) => [delivered.user, delivered.secure])).toEqual([["shop", true]]);
      const wrong = await pool(`smtp://shop:wrong@127.0.0.1:${smtp.port}?tls.rejectUnauthorized=false`)
        .send(envelope("b@example.com"), mail("x"))
        .catch((error) => error);
      expect(wrong).toBeInstanceOf(SmtpError);
      expect(wrong.code).toBe(535);
      expect(wrong.message).not.toContain("wrong");
    },
  );
});

describe("SMTP_URL", () => {
  it("reads the host, port, credentials and options, with defaults", () => {
    expect(parseSmtpUrl("smtps://u%40x:p%3Aw@mail.example.com")).toMatchObject({
      host: "mail.example.com",
      port: 465,
      secure: true,
      auth: { user: "u@x", pass: "p:w" },
      maxConnections: 5,
      maxWaiting: 10_000,
      keepOpen: true,
      rejectUnauthorized: true,
    });
    expect(
      parseSmtpUrl("smtp://[::1]:2525/?maxConnections=10&maxWaiting=50&pool=false&localAddress=::1"),
    ).toMatchObject({
      host: "::1",
      port: 2525,
      secure: false,
      maxConnections: 10,
      maxWaiting: 50,
      keepOpen: false,
      localAddress: "::1",
    });
    expect(parseSmtpUrl("smtp://relay").port).toBe(587);
  });

  it.each([
    ["an option it does not know", "smtp://relay/?proxy=http://elsewhere", /does not know: proxy/],
    ["an EHLO name with a line break", "smtp://relay/?name=a%0D%0AMAIL%20FROM", /host name/],
    ["a local address that is not an IP", "smtp://relay/?localAddress=eth0", /IP address/],
    ["a flag that is not true or false", "smtp://relay/?pool=no", /true or false/],
    ["a connection count out of range", "smtp://relay/?maxConnections=0", /whole number/],
    ["a waiting cap out of range", "smtp://relay/?maxWaiting=100001", /whole number from 1 to 100000/],
    ["a waiting cap that is not whole", "smtp://relay/?maxWaiting=1e3", /whole number/],
    ["another scheme", "http://relay", /smtp:\/\/ or smtps:\/\//],
  ])("refuses %s", (_, url, message) => {
    expect(() => parseSmtpUrl(url)).toThrow(message);
  });
});

// The shop's mails through nodemailer (decision 0035) against real relays: smtp-server, and a plain TCP
// server where a test needs a relay that stays silent or answers garbage. Each mail is read back with
// mailparser, an independent parser. The relay's password and hostile relays: security/mail-relay.test.ts.
import { once } from "node:events";
import { type AddressInfo, createServer, type Socket } from "node:net";
import { simpleParser } from "mailparser";
import type { SMTPServerOptions } from "smtp-server";
import { afterEach, describe, expect, it } from "vitest";
import { parseSmtpUrl } from "../lib/smtp-url";
import { startSmtpPeer } from "../testing/smtp-peer";
import { MailError, type MailMessage, SmtpMailer } from "./mail";

const closers: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

/** smtp-server (testing/smtp-peer.ts), closed after the test; `options` replace its defaults. */
async function relay(options: SMTPServerOptions = {}) {
  const peer = await startSmtpPeer(options);
  closers.push(() => peer.close());
  return { port: peer.port, delivered: peer.received, connections: () => peer.clientAddresses.length };
}

/** A TCP server that runs `script` on each connection instead of speaking SMTP. */
async function scriptedRelay(script: (socket: Socket) => void) {
  const server = createServer((socket) => {
    socket.on("error", () => undefined);
    script(socket);
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  closers.push(() => new Promise((resolve) => server.close(() => resolve())));
  return (server.address() as AddressInfo).port;
}

function mailer(url: string, from = { name: "Tool, Shop", address: "shop@toolshop.test" }): SmtpMailer {
  const created = new SmtpMailer(parseSmtpUrl(url), from);
  closers.push(() => created.close());
  return created;
}

const mail = (to: string, text = "Hello", subject = "Test"): MailMessage => ({
  to,
  subject,
  text,
  html: `<p>${text}</p>`,
});

describe("mail through nodemailer's SMTP pool", () => {
  it("sends mails over one kept-open connection, each readable as sent", async () => {
    const smtp = await relay();
    const shop = mailer(`smtp://127.0.0.1:${smtp.port}?maxConnections=1`);
    for (let index = 0; index < 5; index++) await shop.send(mail(`c${index}@example.com`, `mail ${index}`));
    expect(smtp.delivered.map((delivered) => [delivered.from, delivered.to])).toEqual(
      Array.from({ length: 5 }, (_, index) => ["shop@toolshop.test", [`c${index}@example.com`]]),
    );
    const parsed = await simpleParser(smtp.delivered[4]?.raw ?? "");
    expect(parsed.from?.value).toEqual([{ name: "Tool, Shop", address: "shop@toolshop.test" }]);
    expect([parsed.subject, parsed.text?.trim(), parsed.html]).toEqual(["Test", "mail 4", "<p>mail 4</p>"]);
    expect(smtp.connections()).toBe(1);
  });

  it("sends one command at a time to a relay that does not offer PIPELINING", async () => {
    const smtp = await relay({ hidePIPELINING: true });
    await mailer(`smtp://127.0.0.1:${smtp.port}`).send(mail("b@example.com"));
    expect(smtp.delivered.map((delivered) => delivered.to)).toEqual([["b@example.com"]]);
  });

  it("delivers text as written: dots, 'From ', long lines and non-ASCII, in the body and the subject", async () => {
    const smtp = await relay();
    const text = `.starts with a dot\n.\nFrom here\n${"long ".repeat(40)}\nZoë — 工具 🔧`;
    await mailer(`smtp://127.0.0.1:${smtp.port}`, { name: "Zoë's Tools", address: "z@toolshop.test" }).send(
      mail("dots@example.com", text, "Ihre Bestellung — 工具"),
    );
    const parsed = await simpleParser(smtp.delivered[0]?.raw ?? "");
    expect(parsed.text?.replace(/\n$/, "")).toBe(text);
    expect(parsed.subject).toBe("Ihre Bestellung — 工具");
    expect(parsed.from?.value[0]?.name).toBe("Zoë's Tools");
  });

  it("lets no header in through the subject", async () => {
    const smtp = await relay();
    await mailer(`smtp://127.0.0.1:${smtp.port}`).send(
      mail("ada@example.com", "x", "Hi\r\nBcc: x@evil.example\r\n"),
    );
    expect(smtp.delivered.map((delivered) => delivered.to)).toEqual([["ada@example.com"]]);
    const parsed = await simpleParser(smtp.delivered[0]?.raw ?? "");
    expect(parsed.bcc).toBeUndefined();
    expect(parsed.headers.has("bcc")).toBe(false);
  });

  it.each([
    ["a CR LF", "victim@example.com>\r\nRCPT TO:<other@example.com"],
    ["a space", "a b@example.com"],
    ["an angle bracket", "a>@example.com"],
    ["a second address", "a@example.com,b@example.com"],
    ["no @", "example.com"],
  ])("refuses a recipient with %s before sending anything", async (_, to) => {
    const smtp = await relay();
    const shop = mailer(`smtp://127.0.0.1:${smtp.port}`);
    await expect(shop.send(mail(to))).rejects.toThrow(/one plain email address/);
    await shop.send(mail("fine@example.com"));
    expect(smtp.delivered.map((delivered) => delivered.to)).toEqual([["fine@example.com"]]);
  });

  it("answers a refused recipient with the relay's code and keeps the connection for the next mail", async () => {
    const smtp = await relay({
      onRcptTo(address, _session, callback) {
        if (!address.address.startsWith("nobody")) return callback();
        callback(Object.assign(new Error("No such user"), { responseCode: 550 }));
      },
    });
    const shop = mailer(`smtp://127.0.0.1:${smtp.port}?maxConnections=1`);
    const refused = await shop.send(mail("nobody@example.com")).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(MailError);
    expect((refused as MailError).code).toBe(550);
    expect((refused as MailError).message).toContain("No such user");
    await shop.send(mail("somebody@example.com"));
    expect(smtp.delivered.map((delivered) => delivered.to)).toEqual([["somebody@example.com"]]);
    expect(smtp.connections()).toBe(1);
  });

  it("sends 50 mails at once over no more than maxConnections connections", async () => {
    const smtp = await relay();
    const shop = mailer(`smtp://127.0.0.1:${smtp.port}?maxConnections=3`);
    await Promise.all(Array.from({ length: 50 }, (_, index) => shop.send(mail(`m${index}@example.com`))));
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
    const shop = mailer(`smtp://127.0.0.1:${smtp.port}?maxConnections=1&maxWaiting=2`);
    const sends = Array.from({ length: 5 }, (_, index) => shop.send(mail(`w${index}@example.com`)));
    const refused = await Promise.allSettled(sends.slice(3));
    expect(refused.map((outcome) => outcome.status)).toEqual(["rejected", "rejected"]);
    const reason = (refused[0] as PromiseRejectedResult).reason;
    expect(reason).toBeInstanceOf(MailError);
    expect(String(reason)).toMatch(/mail queue is full: 2 mails wait/);
    expect(smtp.delivered).toEqual([]);

    release();
    await Promise.all(sends.slice(0, 3));
    expect(smtp.delivered.map((delivered) => delivered.to[0])).toEqual([
      "w0@example.com",
      "w1@example.com",
      "w2@example.com",
    ]);
    // Room again once the queue drained.
    await shop.send(mail("w5@example.com"));
    expect(smtp.delivered).toHaveLength(4);
  });

  it("with pool=false, opens a connection per mail", async () => {
    const smtp = await relay();
    const shop = mailer(`smtp://127.0.0.1:${smtp.port}?pool=false`);
    await shop.send(mail("p1@example.com"));
    await shop.send(mail("p2@example.com"));
    expect(smtp.connections()).toBe(2);
  });

  it("gives up on a relay that does not answer within the timeout", async () => {
    // Without the timeout the relay's silence would hold the mail until the test's own limit.
    const port = await scriptedRelay(() => undefined);
    await expect(mailer(`smtp://127.0.0.1:${port}?timeout=300`).send(mail("t@example.com"))).rejects.toThrow(
      MailError,
    );
  });

  it("fails a mail, not the process, when a relay answers garbage", async () => {
    const port = await scriptedRelay((socket) => socket.write("hello, I am not a mail server\r\n"));
    await expect(mailer(`smtp://127.0.0.1:${port}?timeout=2000`).send(mail("g@example.com"))).rejects.toThrow(
      /greeting/i,
    );
  });

  it("fails a mail when nothing listens at the relay's address, with the socket's code", async () => {
    const port = await scriptedRelay(() => undefined);
    await closers.pop()?.();
    const error = await mailer(`smtp://127.0.0.1:${port}`)
      .send(mail("c@example.com"))
      .catch((caught: unknown) => caught);
    expect((error as MailError).code).toBe("ECONNREFUSED");
  });
});

describe("mail over TLS and with a sign-in", () => {
  it("upgrades with STARTTLS when the relay offers it, and checks its certificate unless told not to", async () => {
    const smtp = await relay({ disabledCommands: [] });
    await mailer(`smtp://127.0.0.1:${smtp.port}?tls.rejectUnauthorized=false`).send(mail("tls@example.com"));
    expect(smtp.delivered.map((delivered) => delivered.secure)).toEqual([true]);
    // smtp-server's own certificate is self-signed (and expired): a client that checks it refuses it.
    await expect(mailer(`smtp://127.0.0.1:${smtp.port}`).send(mail("x@example.com"))).rejects.toThrow(
      /self-signed|certificate/i,
    );
    expect(smtp.delivered).toHaveLength(1);
  });

  it("speaks TLS from the first byte for smtps://", async () => {
    const smtp = await relay({ secure: true });
    await mailer(`smtps://127.0.0.1:${smtp.port}?tls.rejectUnauthorized=false`).send(mail("s@example.com"));
    expect(smtp.delivered.map((delivered) => delivered.secure)).toEqual([true]);
  });

  it("refuses to send in clear when requireTLS is set and the relay offers no STARTTLS", async () => {
    const smtp = await relay({ disabledCommands: ["STARTTLS"] });
    await expect(
      mailer(`smtp://127.0.0.1:${smtp.port}?requireTLS=true`).send(mail("r@example.com")),
    ).rejects.toThrow(/STARTTLS/);
    expect(smtp.delivered).toEqual([]);
  });

  it.each([["PLAIN"], ["LOGIN"]])(
    "signs in with AUTH %s, and a wrong password fails the mail without showing it",
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
      const options = `127.0.0.1:${smtp.port}?tls.rejectUnauthorized=false`;
      await mailer(`smtp://shop:p%40ss%20word@${options}`).send(mail("a@example.com"));
      expect(smtp.delivered.map((delivered) => [delivered.user, delivered.secure])).toEqual([["shop", true]]);
      const wrong = await mailer(`smtp://shop:wrong@${options}`)
        .send(mail("b@example.com"))
        .catch((error: unknown) => error);
      expect(wrong).toBeInstanceOf(MailError);
      expect((wrong as MailError).code).toBe(535);
      expect((wrong as MailError).message).not.toContain("wrong");
    },
  );
});

// The verification mail of a sign-up, through a real SMTP server and through the .eml outbox.
import { readdir, readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeMail, IdentityClient, linkIn, outboxMails, uniqueEmail } from "../testing/identity-client";
import { type ReceivedMail, type SmtpPeer, startSmtpPeer } from "../testing/smtp-peer";
import { createTestApp, type TestApp } from "../testing/test-app";

describe("mail through SMTP when SMTP_URL is set", () => {
  let smtp: SmtpPeer;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startSmtpPeer();
    t = await createTestApp({ kind: "pglite" }, { env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it("sends the verification link of a sign-up to the SMTP server, and nothing to the outbox", async () => {
    const email = uniqueEmail("smtp");
    const response = await new IdentityClient(t.app).signUp({
      name: "Smtp User",
      email,
      password: "anvil2024",
    });
    expect(response.statusCode).toBe(200);

    await expect
      .poll(() => smtp.received.filter((mail) => mail.to.includes(email)).length, { timeout: 15_000 })
      .toBe(1);
    const mail = smtp.received.find((candidate) => candidate.to.includes(email)) as ReceivedMail;
    expect(mail.from).toBe("no-reply@toolshop.local");
    const text = decodeMail(mail.raw);
    expect(text).toContain("Subject: Confirm your email address for Toolshop");
    expect(linkIn(text, "/api/auth/verify-email?token=")).toMatch(
      /^http:\/\/localhost:3000\/api\/auth\/verify-email\?token=[\w.-]+&callbackURL=%2Fverify-email$/,
    );
    expect(await readdir(join(t.dataDir, "mail")).catch(() => [])).toEqual([]);
  });

  it.each([
    ["smtp://", false],
    ["smtps:// (TLS)", true],
  ])(
    "keeps its connection open between mails to an %s relay: ten mails, one connection",
    async (_, secure) => {
      const relay = await startSmtpPeer({ secure });
      const app = await createTestApp({ kind: "pglite" }, { env: { SMTP_URL: relay.url } });
      try {
        const to = uniqueEmail("pooled");
        for (let index = 0; index < 10; index++) {
          await app.app.mailer.send({ to, subject: `Mail ${index}`, text: "Hello", html: "<p>Hello</p>" });
        }
        const received = relay.received.filter((mail) => mail.to.includes(to));
        expect(received.map((mail) => decodeMail(mail.raw).match(/^Subject: (.*)$/m)?.[1])).toEqual(
          Array.from({ length: 10 }, (_, index) => `Mail ${index}`),
        );
        expect(relay.clientAddresses).toHaveLength(1);
      } finally {
        await app.close();
        await relay.close();
      }
    },
  );

  it("opens its connection from the address SMTP_URL's localAddress names", async () => {
    const relay = await startSmtpPeer();
    // Any 127.x.y.z is this machine's loopback on Linux: the relay tells which one the shop used.
    const app = await createTestApp(
      { kind: "pglite" },
      { env: { SMTP_URL: `${relay.url}/?localAddress=127.0.0.2` } },
    );
    try {
      await app.app.mailer.send({
        to: uniqueEmail("bound"),
        subject: "Bound",
        text: "Hi",
        html: "<p>Hi</p>",
      });
      expect(relay.clientAddresses).toEqual(["127.0.0.2"]);
    } finally {
      await app.close();
      await relay.close();
    }
  });

  it("still sends a mail that an event's subscriber starts while the app closes", async () => {
    const relay = await startSmtpPeer();
    const shop = await createTestApp({ kind: "pglite" }, { env: { SMTP_URL: relay.url } });
    try {
      const to = uniqueEmail("closing");
      // A subscriber that mails after an await of its own (a lookup): the close waits for it, and
      // the mailer must still be open when it sends.
      shop.app.events.subscribe(["ReviewChanged"], "publishing-process", async () => {
        await new Promise((resolve) => setTimeout(resolve, 50));
        await shop.app.mailer.send({ to, subject: "Late", text: "Hi", html: "<p>Hi</p>" });
      });
      await shop.app.events.publish({ type: "ReviewChanged" });
      await shop.close();
      expect(relay.received.map((mail) => mail.to)).toEqual([[to]]);
    } finally {
      await relay.close();
    }
  });
});

describe("mail in the outbox by default", () => {
  const logLines: string[] = [];
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(
      { kind: "pglite" },
      { env: { LOG_LEVEL: "info" }, logDestination: { write: (line) => logLines.push(line) } },
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  it("writes the verification mail as an .eml file named after the time and recipient, and logs where it is, not its link", async () => {
    const email = uniqueEmail("outbox");
    const client = new IdentityClient(t.app);
    expect((await client.signUp({ name: "Outbox User", email, password: "anvil2024" })).statusCode).toBe(200);

    const [mail = ""] = await outboxMails(t.dataDir, email);
    const [file] = (await readdir(join(t.dataDir, "mail"))).filter((name) => name.endsWith(".eml"));
    expect(file).toMatch(new RegExp(`^\\d{4}-\\d\\d-\\d\\dT\\d\\d-\\d\\d-\\d\\d-\\d{3}Z-${email}\\.eml$`));
    expect(mail).toContain("From: Toolshop <no-reply@toolshop.local>");
    expect(mail).toContain(`To: ${email}`);
    expect(mail).toContain("Hello Outbox User,");
    const link = linkIn(mail, "/api/auth/verify-email?token=");
    await expect
      .poll(() => logLines.join(""), { timeout: 15_000 })
      .toContain(join(t.dataDir, "mail", file ?? ""));
    expect(logLines.join("")).not.toContain(new URL(link).searchParams.get("token"));

    // The link, opened in the session that signed up, confirms the address and ends on the web page
    // that says so.
    const verified = await client.request("GET", link.replace("http://localhost:3000", ""));
    expect(verified.statusCode).toBe(302);
    expect(verified.headers.location).toBe("/verify-email");
    const session = await client.request("GET", "/api/auth/get-session");
    expect(session.json().user.emailVerified).toBe(true);
  });

  it("makes the outbox again when someone removed it meanwhile", async () => {
    const to = uniqueEmail("outbox-again");
    const message = { to, subject: "Again", text: "Hello", html: "<p>Hello</p>" };
    await t.app.mailer.send(message);
    await rm(join(t.dataDir, "mail"), { recursive: true });
    await t.app.mailer.send(message);
    expect(await outboxMails(t.dataDir, to)).toHaveLength(1);
  });

  it("never shows a half-written mail to whoever reads the outbox", async () => {
    const to = uniqueEmail("outbox-whole");
    // Written in several steps: node writes a file at most 512 KiB at a time.
    const body = "x".repeat(2_000_000);
    const message = { to, subject: "Whole", text: body, html: `<p>${body}</p>` };
    const directory = join(t.dataDir, "mail");
    const isMail = (name: string) => name.includes(to) && name.endsWith(".eml");
    const cutShort: string[] = [];
    let sending = true;
    const reading = (async () => {
      while (sending) {
        for (const name of (await readdir(directory).catch(() => [] as string[])).filter(isMail)) {
          const raw = await readFile(join(directory, name), "utf8");
          // A whole mail ends with the closing boundary of its parts: "--<boundary>--".
          if (!raw.endsWith("--\r\n")) cutShort.push(name);
        }
      }
    })();
    await Promise.all(Array.from({ length: 5 }, () => t.app.mailer.send(message)));
    sending = false;
    await reading;

    // Five whole mails, and nothing else of theirs left behind.
    const files = (await readdir(directory)).filter((name) => name.includes(to));
    expect(files.filter(isMail)).toHaveLength(5);
    expect(files).toHaveLength(5);
    expect(cutShort, "reads that found a mail cut short").toEqual([]);
  });

  it("sends a spoiled verification link to the web page with the error", async () => {
    const response = await t.app.inject({
      method: "GET",
      url: "/api/auth/verify-email?token=not-a-token&callbackURL=%2Fverify-email",
    });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe("/verify-email?error=INVALID_TOKEN");
  });
});

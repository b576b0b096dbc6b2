import fc from "fast-check";
import { simpleParser } from "mailparser";
import { describe, expect, it } from "vitest";
import { composeMail, parseMailbox } from "./mime-message";

// mailparser is the oracle: an independent MIME parser (RFC 2047 words, QP, multipart). It hands back the
// text body and the HTML with every line break as "\n", so the expected bodies are normalised the same way.
const lf = (text: string) => text.replace(/\r\n?/g, "\n");

const FROM = { name: "Toolshop", address: "no-reply@toolshop.local" };
const DATE = new Date(Date.UTC(2026, 10, 26, 2, 40, 0));

function mail(overrides: Partial<Parameters<typeof composeMail>[0]> = {}) {
  return composeMail({
    from: FROM,
    to: "ada@example.com",
    subject: "Hi",
    text: "t",
    html: "<p>h</p>",
    date: DATE,
    ...overrides,
  });
}

/** The raw message split at CRLF, checking on the way that there is no bare CR or LF anywhere. */
function rawLines(message: Buffer): string[] {
  const raw = message.toString("latin1");
  expect(raw.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
  expect(raw.endsWith("\r\n")).toBe(true);
  return raw.slice(0, -2).split("\r\n");
}

/** The header lines (folded continuation lines included) and the QP body lines of the two parts. */
function sections(message: Buffer) {
  const lines = rawLines(message);
  const end = lines.indexOf("");
  const boundary = /boundary="([^"]+)"/.exec(lines.slice(0, end).join(""))?.[1] ?? "";
  const body: string[] = [];
  let inBody = false;
  for (const line of lines.slice(end + 1)) {
    if (line.startsWith(`--${boundary}`)) inBody = false;
    else if (inBody) body.push(line);
    else if (line === "") inBody = true;
  }
  return { headers: lines.slice(0, end), body, boundary, last: lines.at(-1) };
}

function expectWellFormed(message: Buffer) {
  const { headers, body, boundary, last } = sections(message);
  expect(message.every((byte) => byte < 0x80)).toBe(true);
  for (const line of headers) expect(line.length, line).toBeLessThanOrEqual(78);
  for (const line of body) expect(line.length, line).toBeLessThanOrEqual(76);
  for (const line of rawLines(message)) expect(line).not.toMatch(/^(\.|From )/);
  // A soft break never splits an "=XX" triplet, and "=" is only ever an escape or a soft break.
  for (const line of body) expect(line).toMatch(/^(?:[^=]|=[0-9A-F]{2})*=?$/);
  expect(last).toBe(`--${boundary}--`);
}

describe("composeMail", () => {
  it("round-trips an ASCII mail through an independent parser", async () => {
    const text = "Thank you for your order.\n\nOrder: 42\nTotal: $12.50";
    const html = "<p>Thank you for your order.</p>\n<table><tr><td>42</td></tr></table>";
    const composed = mail({ subject: "Your order 42 is paid", text, html });
    const parsed = await simpleParser(composed.message);
    expect(parsed.from?.value).toEqual([{ name: "Toolshop", address: "no-reply@toolshop.local" }]);
    expect(parsed.to).toMatchObject({ value: [{ address: "ada@example.com", name: "" }] });
    expect(parsed.subject).toBe("Your order 42 is paid");
    expect(parsed.messageId).toBe(composed.messageId);
    expect(parsed.date?.toISOString()).toBe(DATE.toISOString());
    // A body that does not end in a line break comes back without one (no trimming needed).
    expect(parsed.text).toBe(text);
    expect(parsed.html).toBe(html);
    expect(composed.envelope).toEqual({ from: "no-reply@toolshop.local", to: "ada@example.com" });
    const { headers } = sections(composed.message);
    expect(headers.map((line) => /^[\w-]+(?=:)/.exec(line)?.[0]).filter(Boolean)).toEqual([
      "From",
      "To",
      "Subject",
      "Message-ID",
      "Date",
      "MIME-Version",
      "Content-Type",
    ]);
    expect(headers).toContain("From: Toolshop <no-reply@toolshop.local>");
    expect(headers).toContain("Date: Thu, 26 Nov 2026 02:40:00 +0000");
    expectWellFormed(composed.message);
  });

  it("quotes a display name with specials and folds a long ASCII subject at spaces", async () => {
    const name = 'Tool, Shop "The \\ Best"';
    const subject = Array.from({ length: 30 }, (_, i) => `word${i}`).join(" ");
    const composed = mail({ from: { name, address: "a@b.c" }, subject });
    expect(sections(composed.message).headers).toContain('From: "Tool, Shop \\"The \\\\ Best\\"" <a@b.c>');
    expect(composed.message.toString("latin1")).toContain("Subject: word0 word1");
    const parsed = await simpleParser(composed.message);
    expect(parsed.from?.value).toEqual([{ name, address: "a@b.c" }]);
    expect(parsed.subject).toBe(subject);
    expectWellFormed(composed.message);
  });

  it("keeps text that looks like an encoded word literal", async () => {
    const lookalike = "=?UTF-8?B?QQ==?= is not an A";
    const parsed = await simpleParser(
      mail({ from: { name: lookalike, address: "a@b.c" }, subject: lookalike }).message,
    );
    expect(parsed.subject).toBe(lookalike);
    expect(parsed.from?.value).toEqual([{ name: lookalike, address: "a@b.c" }]);
  });

  it("round-trips non-ASCII everywhere as 7-bit ASCII with short lines", async () => {
    const name = "Zoë Łukasiewicz-Müller";
    const subject = `Ihre Bestellung ist bezahlt 🎉 — Größe, Maße, Café crème, naïve façade, 日本語の件名 ${"€".repeat(20)} 👍🏽 fin`;
    expect(subject.length).toBeGreaterThan(100);
    const text = `Total: 12,50 € — zero\u200bwidth — 🛠️🔧 — 工具店へようこそ\n${"ä€😀".repeat(40)}\nend`;
    const html = `<p>Total: 12,50&nbsp;€</p>\n<p>${"工具\u200b🔩".repeat(30)}</p>`;
    const composed = mail({ from: { name, address: "no-reply@toolshop.local" }, subject, text, html });
    const parsed = await simpleParser(composed.message);
    expect(parsed.from?.value).toEqual([{ name, address: "no-reply@toolshop.local" }]);
    expect(parsed.subject).toBe(subject);
    expect(parsed.text).toBe(text);
    expect(parsed.html).toBe(html);
    expectWellFormed(composed.message);
    expect(sections(composed.message).headers.join("\n")).toMatch(/^Subject: =\?UTF-8\?B\?/m);
  });

  it("round-trips long lines, dots, 'From ' and every kind of line break", async () => {
    const text = [
      "x".repeat(5000),
      "=".repeat(300),
      "      ",
      ". a line starting with a dot",
      ".",
      "From the shop, with a line starting with From",
      "tail with spaces and a tab \t",
      `${"y".repeat(74)}.z`,
      `${"ü".repeat(100)} `,
    ].join("\n");
    const breaks = "a\r\nb\nc\rd\r\r\ne\n\r\n.\rFrom x\r\n";
    for (const body of [text, breaks, text.replaceAll("\n", "\r\n"), text.replaceAll("\n", "\r")]) {
      const composed = mail({ text: body, html: body });
      const parsed = await simpleParser(composed.message);
      // mailparser returns "\n" for every hard line break, however it was written in the input.
      expect(parsed.text).toBe(lf(body));
      expect(parsed.html).toBe(lf(body));
      expectWellFormed(composed.message);
    }
    const raw = mail({ text }).message.toString("latin1");
    expect(raw).toContain("\r\n=2E a line starting with a dot\r\n=2E\r\n=46rom the shop");
    expect(raw).toContain("\r\n     =20\r\n");
    expect(raw).toContain("tab =09\r\n");
  });

  it("composes a mail past the shared scratch buffer's cap, and a small one right after it", async () => {
    // 600 KB of UTF-8 encodes to 1.8 MB: more than the 1 MiB the module keeps for reuse.
    const big = `${"€".repeat(200_000)}\nend`;
    const parsedBig = await simpleParser(mail({ text: big, html: "<p>big</p>" }).message);
    expect(parsedBig.text).toBe(big);
    const small = mail({ text: "F", html: "." });
    expectWellFormed(small.message);
    const parsedSmall = await simpleParser(small.message);
    expect([parsedSmall.text, parsedSmall.html]).toEqual(["F", "."]);
  });

  it("makes the boundary and Message-ID random, the Message-ID in the From domain", () => {
    const first = mail({ from: { address: "shop@mail.toolshop.example" } });
    const second = mail({ from: { address: "shop@mail.toolshop.example" } });
    expect(first.messageId).toMatch(/^<[0-9a-f]{32}@mail\.toolshop\.example>$/);
    expect(first.messageId).not.toBe(second.messageId);
    expect(sections(first.message).boundary).toMatch(/^----=_toolshop_[0-9a-f]{24}$/);
    expect(sections(first.message).boundary).not.toBe(sections(second.message).boundary);
    expect(first.message.toString("latin1")).toContain(`\r\nMessage-ID: ${first.messageId}\r\n`);
  });

  it("refuses any header value that could inject a header", () => {
    for (const bad of ["\r", "\n", "\r\n", "\0", "\x7f"]) {
      expect(() => mail({ to: `ada@example.com${bad}Bcc: x@evil.example` })).toThrow(/To address/);
      expect(() => mail({ subject: `Hi${bad}Bcc: x@evil.example` })).toThrow(/subject/);
      expect(() => mail({ from: { name: `Tool${bad}shop`, address: "a@b.c" } })).toThrow(/From name/);
      expect(() => mail({ from: { name: "Toolshop", address: `a@b.c${bad}` } })).toThrow(/From address/);
    }
    for (const bad of ["<a@b.c>", "a@b.c>", "Ada <a@b.c>", "a b@c.d", "a@b.c,d@e.f", "ünï@b.c", "", "a@"]) {
      expect(() => mail({ to: bad }), bad).toThrow(/To address/);
      expect(() => mail({ from: { address: bad } }), bad).toThrow(/From address/);
    }
  });
});

describe("parseMailbox", () => {
  it("accepts a name with an address, a quoted name and a bare address", () => {
    expect(parseMailbox("Toolshop <no-reply@toolshop.local>")).toEqual({
      name: "Toolshop",
      address: "no-reply@toolshop.local",
    });
    expect(parseMailbox('"Tool, Shop" <a@b.c>')).toEqual({ name: "Tool, Shop", address: "a@b.c" });
    expect(parseMailbox('"Say \\"hi\\"" <a@b.c>')).toEqual({ name: 'Say "hi"', address: "a@b.c" });
    expect(parseMailbox("a@b.c")).toEqual({ address: "a@b.c" });
    expect(parseMailbox("Zoë Müller <zoe@b.c>")).toEqual({ name: "Zoë Müller", address: "zoe@b.c" });
  });

  it("rejects anything but exactly one mailbox", () => {
    for (const bad of [
      "a@b.c, d@e.f",
      "Name <a@b.c> extra",
      "",
      "<>",
      "no-at-sign",
      "Toolshop <a@b.c>\r\nBcc: x@evil.example",
      "a@b.c\r\n",
      "Tool, Shop <a@b.c>",
      "A <a@b.c>, B <d@e.f>",
    ]) {
      expect(() => parseMailbox(bad), JSON.stringify(bad)).toThrow(Error);
    }
  });
});

// Code points from mixed ranges: controls, ASCII, Latin-1, Greek, CJK, astral emoji, and the characters
// QP and the headers treat specially.
const unit = fc.oneof(
  fc.constantFrom(" ", "  ", "\t", "=", "?", "=?", ".", "From ", "\r", "\n", "\r\n", "\u200b"),
  fc.integer({ min: 0x00, max: 0x1f }).map((code) => String.fromCodePoint(code)),
  fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCodePoint(code)),
  fc.integer({ min: 0xa0, max: 0x3ff }).map((code) => String.fromCodePoint(code)),
  fc.integer({ min: 0x4e00, max: 0x9fff }).map((code) => String.fromCodePoint(code)),
  fc.integer({ min: 0x1f300, max: 0x1faff }).map((code) => String.fromCodePoint(code)),
);

describe("composeMail on random text", () => {
  it("round-trips 200 random bodies, subjects and names", async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit, maxLength: 300 }), async (value) => {
        // Headers refuse control characters; the same text without them is the subject and the From name.
        const subject = value.replace(/\p{Cc}/gu, "");
        const from = { name: subject, address: "no-reply@toolshop.local" };
        const composed = mail({ from, subject, text: value, html: value });
        const parsed = await simpleParser(composed.message);
        expect(parsed.subject ?? "").toBe(subject);
        expect(parsed.from?.value).toEqual([from]);
        // An empty body comes back as "\n" (text) and false (html): nothing in it to lose.
        if (value !== "") {
          expect(parsed.text).toBe(lf(value));
          expect(parsed.html).toBe(lf(value));
        }
        expectWellFormed(composed.message);
      }),
      { numRuns: 200 },
    );
  });
});

/**
 * The building blocks the shop's mails share: every mail has a plain-text and an HTML body with the
 * same content. Safe by construction: every string given to these helpers is treated as text that may
 * hold a person's input (a name, an address, a message), so it is escaped in HTML and made unlinkable in
 * both bodies; the only links in a mail are the shop's own, passed through htmlLink and textLink.
 */

/** A label and its value, e.g. ["Quantity", "20"]: a line of the text body, a row of the HTML table. */
export type MailDetail = readonly [label: string, value: string];

/** A line of the text body that is the shop's own link and stays clickable. */
export interface TextLink {
  readonly link: string;
}

/** The shop's own link as a line of the text body (everything else there is made unlinkable). */
export function textLink(link: string): TextLink {
  return { link };
}

export function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

const WORD_BREAK = "\u200b";
// A dot before a letter (a host name: evil.example, www.evil) and a colon before a slash (a scheme:
// http://): the two places mail clients' link detectors key on. Single characters with a one-character
// lookahead: linear time.
const LINKABLE = /\.(?=\p{L})|:(?=\/)/gu;

/**
 * Text that no mail client turns into a link: a zero-width space after each such dot and colon. It is
 * invisible, the words read and copy as typed, and "http://evil.example" no longer matches a URL or a
 * host name (Gmail, Outlook and Apple Mail link only unbroken scheme or host text).
 */
export function unlinkable(text: string): string {
  return text.replace(LINKABLE, (match) => `${match}${WORD_BREAK}`);
}

/** Text for the HTML body: escaped and unlinkable. */
function htmlText(text: string): string {
  return escapeHtml(unlinkable(text));
}

/**
 * "Label: value", one line each, for the text body (made unlinkable by mailBodies). A value of several
 * lines (a postal address) goes on under its first line, each further line indented.
 */
export function detailLines(details: readonly MailDetail[]): string[] {
  return details.flatMap(([label, value]) => {
    const [first = "", ...more] = value.split("\n");
    return [`${label}: ${first}`, ...more.map((line) => `  ${line}`)];
  });
}

/** The same details as an HTML table, escaped and unlinkable; a value's lines are joined by <br>. */
export function detailTable(details: readonly MailDetail[]): string {
  const cell = (value: string) => value.split("\n").map(htmlText).join("<br>");
  const rows = details
    .map(([label, value]) => `<tr><th align="left">${htmlText(label)}</th><td>${cell(value)}</td></tr>`)
    .join("\n");
  return `<table>\n${rows}\n</table>`;
}

/** A paragraph of text, escaped and unlinkable; `preLine` keeps the text's own line breaks. */
export function htmlParagraph(text: string, { preLine = false } = {}): string {
  return `${preLine ? '<p style="white-space:pre-line">' : "<p>"}${htmlText(text)}</p>`;
}

/** A paragraph holding one of the shop's links: the address escaped, the label escaped and unlinkable. */
export function htmlLink(href: string, label: string): string {
  return `<p><a href="${escapeHtml(href)}">${htmlText(label)}</a></p>`;
}

/**
 * The two bodies: text lines joined by newlines (every string made unlinkable, textLink lines kept as the
 * shop's links), HTML blocks from the helpers above, one a line.
 */
export function mailBodies(
  text: readonly (string | TextLink)[],
  html: readonly string[],
): { text: string; html: string } {
  const lines = text.map((line) => (typeof line === "string" ? unlinkable(line) : line.link));
  return { text: lines.join("\n"), html: html.join("\n") };
}

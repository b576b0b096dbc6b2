/**
 * The building blocks the shop's mails share: every mail has a plain-text and an HTML body with the
 * same content, and whatever a person typed is escaped before it goes into the HTML.
 */

/** A label and its value, e.g. ["Quantity", "20"]: a line of the text body, a row of the HTML table. */
export type MailDetail = readonly [label: string, value: string];

export function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

/** "Label: value", one line each, for the text body. */
export function detailLines(details: readonly MailDetail[]): string[] {
  return details.map(([label, value]) => `${label}: ${value}`);
}

/** The same details as an HTML table, escaped. */
export function detailTable(details: readonly MailDetail[]): string {
  const rows = details
    .map(
      ([label, value]) => `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
    )
    .join("\n");
  return `<table>\n${rows}\n</table>`;
}

/** A paragraph of plain text, escaped. */
export function htmlParagraph(text: string): string {
  return `<p>${escapeHtml(text)}</p>`;
}

/** A paragraph holding one link, both escaped. */
export function htmlLink(href: string, label: string): string {
  return `<p><a href="${escapeHtml(href)}">${escapeHtml(label)}</a></p>`;
}

/** The two bodies: text lines joined by newlines, HTML blocks one a line. */
export function mailBodies(text: readonly string[], html: readonly string[]): { text: string; html: string } {
  return { text: text.join("\n"), html: html.join("\n") };
}

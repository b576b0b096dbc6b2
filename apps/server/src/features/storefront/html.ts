// Text into HTML and into <script> data blocks. Every value a page shows comes from the catalogue,
// which an admin types: it is escaped, never trusted.
import { currencyFormat } from "../../lib/money";

const HTML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** For text and for attribute values in double quotes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);
}

/**
 * JSON for a `<script type="application/…json">` block. The HTML parser ends the block at the first
 * "</script" and treats "<!--" specially, whatever the JSON means: "<" becomes \u003c (and ">", "&"
 * likewise), which JSON.parse reads back as the same character. U+2028 and U+2029 are escaped too,
 * for any reader that evaluates the JSON as JavaScript.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** The shop's number formats, as apps/web/src/lib/format.ts has them (so the page reads the same). */
export function formatPrice(price: number, currency: string): string {
  return currencyFormat(currency.toUpperCase(), "en-US").format(price);
}

const countFormat = new Intl.NumberFormat("en-US");

export function formatCount(count: number): string {
  return countFormat.format(count);
}

/** A description for <meta> and Open Graph: one line, at most `max` characters, cut at a word. */
export function summary(text: string, max = 160): string {
  const line = text.replace(/\s+/g, " ").trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

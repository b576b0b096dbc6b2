// Text into HTML, for the pages the server writes itself (the storefront's heads, the sitemap, the cart
// link's page). What they show comes from the catalogue or a link, typed by people: escaped, never trusted.

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

/** A description for <meta> and Open Graph: one line, at most `max` characters, cut at a word. */
export function summary(text: string, max = 160): string {
  const line = text.replace(/\s+/g, " ").trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

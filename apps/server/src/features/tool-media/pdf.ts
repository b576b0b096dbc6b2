// A document is a PDF by its bytes, not by its name or the type the browser sent: a PNG renamed .pdf
// or an HTML page would otherwise be served as application/pdf. ISO 32000 puts the header `%PDF-` and a
// version (1.0 to 2.0) at the very start; readers accept a little junk before it, we do not.
const PDF_HEADER = /^%PDF-[12]\.\d/;

export function isPdf(bytes: Buffer): boolean {
  return PDF_HEADER.test(bytes.subarray(0, 8).toString("latin1"));
}

/**
 * The Content-Disposition of a document's download, named after its title (RFC 6266): `filename=` an
 * ASCII fallback for old clients and `filename*=` the title in UTF-8 (RFC 8187). Whatever the title
 * holds, the header has no quote, backslash, control character, path separator or `;` of its own in
 * `filename`, and `filename*` is percent-encoded: a title cannot end the header, add a parameter or
 * name a path. The title's own rules (one line, capped) were checked when it was stored.
 */
export function attachmentDisposition(title: string): string {
  const base = downloadBaseName(title);
  const fallback = `${
    base
      .normalize("NFKD")
      .replace(/[^\x20-\x7e]/g, "")
      .replace(/\s+/g, " ")
      .trim() || "document"
  }.pdf`;
  const encoded = encodeURIComponent(`${base}.pdf`).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** The title without anything a file name or a header must not hold, at most 100 characters. */
function downloadBaseName(title: string): string {
  const cleaned = title
    .replace(/[\p{Cc}\p{Cf}\u2028\u2029]/gu, "")
    .replace(/["\\/:*?<>|;%]/g, " ")
    .replace(/\.+/g, ".")
    .replace(/\s+/g, " ")
    .replace(/^[\s.]+|[\s.]+$/g, "");
  const short = Array.from(cleaned).slice(0, 100).join("").trim();
  return short.replace(/\.pdf$/i, "") || "document";
}

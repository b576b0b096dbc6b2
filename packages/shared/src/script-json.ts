/**
 * JSON for a `<script type="application/…json">` data block. The HTML parser ends the block at the first
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

// A page the server renders with the web app's React components (docs/decisions/0047): a document of
// the web build (its head, scripts and styles) with the page's own head tags, and the rendered #root
// in place of the build's empty one.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { withShopCurrency } from "../../plugins/web-app";
import { withPageHead } from "./page-head";

const EMPTY_ROOT = '<div id="root"></div>';

export interface PageTemplate {
  /**
   * The document with `head` (the title, description and whatever else the page has) and `root` (the
   * rendered #root with its data) in place of the empty root.
   */
  render(head: string, root: string): string;
  /** The document as built, its root empty: the browser renders the page itself. */
  readonly empty: string;
}

/**
 * The template of `file` (index.html, app-shell.html) of the built web app in `webDistDir`, or
 * undefined when it has not been built. Its head carries the shop's currency, as every page the server
 * sends does (plugins/web-app.ts).
 */
export function loadPageTemplate(
  webDistDir: string,
  file: string,
  currency: string,
): PageTemplate | undefined {
  const path = join(webDistDir, file);
  if (!existsSync(path)) return undefined;
  const document = withShopCurrency(readFileSync(path, "utf8"), currency);
  const rootAt = document.indexOf(EMPTY_ROOT);
  if (rootAt < 0) return undefined;
  const start = document.slice(0, rootAt);
  const end = document.slice(rootAt + EMPTY_ROOT.length);
  // The shell's <noscript> says the catalogue needs JavaScript: not so for a page rendered here.
  const endWithoutNoscript = end.replace(/\s*<noscript>[\s\S]*?<\/noscript>/g, "");
  return {
    render: (head, root) => `${withPageHead(start, head)}${root}${endWithoutNoscript}`,
    empty: document,
  };
}

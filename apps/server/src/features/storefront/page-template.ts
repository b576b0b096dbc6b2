// A server-rendered page of the web app: the build's app-shell.html (its head, scripts and styles)
// with a page's own head tags, and in #root the site's navigation and footer, taken from the home
// page the build pre-rendered (index.html), around the page's own content.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { withShopCurrency } from "../../plugins/web-app";
import { withPageHead } from "./page-head";

/**
 * Set on #root to the path whose content the server rendered there. apps/web/src/main.tsx then
 * renders that page with React and replaces the markup at once, instead of emptying the root first.
 */
export const SERVER_RENDERED_ATTRIBUTE = "data-server-rendered";

const EMPTY_ROOT = '<div id="root"></div>';

export interface PageParts {
  path: string;
  /** Tags for the head: the title, the description, and whatever else the page has. */
  head: string;
  /** The page's content, inside the layout's <main>. */
  main: string;
  /** Elements placed first in #root (data blocks); React removes them when it takes over. */
  data?: string;
}

export interface PageTemplate {
  render(parts: PageParts): string;
}

/** Navigation bar before <main>'s content, footer after it. */
interface Layout {
  before: string;
  after: string;
}

/**
 * The template of the built web app in `webDistDir`, or undefined when it has not been built. Its head
 * carries the shop's currency, as every page the server sends does (plugins/web-app.ts).
 */
export function loadPageTemplate(webDistDir: string, currency: string): PageTemplate | undefined {
  const shellFile = ["app-shell.html", "index.html"]
    .map((name) => join(webDistDir, name))
    .find((file) => existsSync(file));
  if (!shellFile) return undefined;
  const shell = withShopCurrency(readFileSync(shellFile, "utf8"), currency);
  const rootAt = shell.indexOf(EMPTY_ROOT);
  if (rootAt < 0) return undefined;
  const indexFile = join(webDistDir, "index.html");
  const layout = existsSync(indexFile) ? layoutOf(readFileSync(indexFile, "utf8")) : undefined;
  return createPageTemplate(
    shell.slice(0, rootAt),
    // The shell's <noscript> says the catalogue needs JavaScript: not so for these pages.
    shell.slice(rootAt + EMPTY_ROOT.length).replace(/\s*<noscript>[\s\S]*?<\/noscript>/g, ""),
    layout,
  );
}

function createPageTemplate(documentStart: string, documentEnd: string, layout: Layout | undefined) {
  return {
    render({ path, head, main, data = "" }: PageParts): string {
      // The shell's title and description make way for the page's own.
      const withHead = withPageHead(documentStart, head);
      const content = layout
        ? `${layout.before}${main}${layout.after}`
        : `<main id="main-content" tabindex="-1" class="min-h-svh">${main}</main>`;
      const root = `<div id="root" ${SERVER_RENDERED_ATTRIBUTE}="${encodeAttribute(path)}">${data}${content}</div>`;
      return `${withHead}${root}${documentEnd}`;
    },
  };
}

/**
 * Everything in the pre-rendered root except the home page's own content: the skip link, the
 * navigation bar, `<main …>` and `</main>`, the footer. Undefined when index.html is not pre-rendered.
 */
export function layoutOf(indexHtml: string): Layout | undefined {
  const rootStart = indexHtml.indexOf('<div id="root"');
  const rootOpenEnd = indexHtml.indexOf(">", rootStart) + 1;
  const mainStart = indexHtml.indexOf('<main id="main-content"', rootOpenEnd);
  const mainOpenEnd = indexHtml.indexOf(">", mainStart) + 1;
  const mainEnd = indexHtml.lastIndexOf("</main>");
  const bodyEnd = indexHtml.lastIndexOf("</body>");
  // #root is the body's last element: its closing tag is the last </div> before </body>.
  const rootEnd = indexHtml.lastIndexOf("</div>", bodyEnd < 0 ? undefined : bodyEnd);
  if (rootStart < 0 || mainStart < 0 || mainEnd < mainOpenEnd || rootEnd < mainEnd) return undefined;
  const before = indexHtml
    .slice(rootOpenEnd, mainOpenEnd)
    // React's resource hints for the home page (its hero image's preload) are not this page's.
    .replace(/<link\b[^>]*>/g, "")
    // The navigation's Home link is the current page in the pre-render; here no link is (the look of
    // an active link is navbar.tsx's navLinkClass).
    .replace(/ aria-current="page"/g, "")
    .replace(
      / bg-primary text-primary-content underline decoration-2 underline-offset-4/g,
      " hover:bg-base-200",
    );
  return { before, after: indexHtml.slice(mainEnd, rootEnd) };
}

function encodeAttribute(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
}

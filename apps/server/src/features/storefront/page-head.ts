// The head tags a shared or indexed page carries: its title, description, canonical link, Open Graph
// and Twitter card tags. One function writes them for every page the server sends with its own head
// (the home page, /blogs, the product pages), from a few facts per page.
import { escapeHtml } from "../../lib/html";
import { ogImagePath } from "./og-images";

export const SITE_NAME = "Toolshop";

/** What a page needs to know about the deployment. */
export interface Site {
  /** PUBLIC_URL without a trailing slash. */
  publicUrl: string;
  /** The shop's CURRENCY (ISO 4217, any case). */
  currency: string;
}

export interface PageHead {
  path: string;
  /** The page's name; the <title> adds " | Toolshop". */
  title: string;
  /** One line, at most 160 characters (html.ts's summary makes one). */
  description: string;
  /** A picture served by this site (/images/… or /uploads/…). */
  image: string;
  imageAlt: string;
  type: "website" | "product";
}

/** The pages the web app shows that the server sends with their own head, by path. */
export const PAGE_HEADS = {
  "/": {
    path: "/",
    title: "Electrical and mechanical hand tools",
    description:
      "Toolshop makes electrical and mechanical hand tools: pliers, screwdrivers, tape measures, electric drills, levels, wire strippers, fish tapes and voltage testers.",
    image: "/images/hero.svg",
    imageAlt:
      "A workbench with an open toolbox, an electric drill, pliers, a tape measure and a voltage tester",
    type: "website",
  },
  "/blogs": {
    path: "/blogs",
    title: "Blogs",
    description: "Questions and answers about the front-end techniques behind the Toolshop site.",
    image: "/images/hero.svg",
    imageAlt:
      "A workbench with an open toolbox, an electric drill, pliers, a tape measure and a voltage tester",
    type: "website",
  },
} as const satisfies Record<string, PageHead>;

/** An absolute URL on this site: PUBLIC_URL + path (an absolute URL is kept as it is). */
export function absoluteUrl(site: Site, path: string): string {
  return /^https?:\/\//i.test(path) ? path : `${site.publicUrl}${path.startsWith("/") ? "" : "/"}${path}`;
}

/** The page's head tags; they replace the shell's title and description (withPageHead). */
export function headTags(head: PageHead, site: Site): string {
  const url = escapeHtml(absoluteUrl(site, head.path));
  const title = escapeHtml(head.title);
  const description = escapeHtml(head.description);
  // SVG is no preview on most networks: its PNG rendition stands in (docs/decisions/0040).
  const image = escapeHtml(absoluteUrl(site, ogImagePath(head.image)));
  const imageAlt = escapeHtml(head.imageAlt);
  return [
    `<title>${title} | ${SITE_NAME}</title>`,
    `<meta name="description" content="${description}" />`,
    `<link rel="canonical" href="${url}" />`,
    `<meta property="og:type" content="${head.type}" />`,
    `<meta property="og:site_name" content="${SITE_NAME}" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${url}" />`,
    `<meta property="og:image" content="${image}" />`,
    `<meta property="og:image:alt" content="${imageAlt}" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    `<meta name="twitter:title" content="${title}" />`,
    `<meta name="twitter:description" content="${description}" />`,
    `<meta name="twitter:image" content="${image}" />`,
    `<meta name="twitter:image:alt" content="${imageAlt}" />`,
  ].join("\n    ");
}

/** Each page of PAGE_HEADS with its head tags, for the web app's plugin (plugins/web-app.ts). */
export function pageHeads(site: Site): Record<string, string> {
  return Object.fromEntries(Object.values(PAGE_HEADS).map((head) => [head.path, headTags(head, site)]));
}

/** The page with its head's title and description replaced by `tags`. */
export function withPageHead(html: string, tags: string): string {
  const start = html
    .replace(/\s*<title>[\s\S]*?<\/title>/, "")
    .replace(/\s*<meta\s+name="description"[^>]*>/, "");
  const headEnd = start.indexOf("</head>");
  if (headEnd >= 0) return `${start.slice(0, headEnd)}  ${tags}\n  ${start.slice(headEnd)}`;
  const doctype = /^\s*<!doctype[^>]*>/i.exec(start)?.[0].length ?? 0;
  return `${start.slice(0, doctype)}${tags}${start.slice(doctype)}`;
}

// /sitemap.xml (https://www.sitemaps.org/protocol.html) and /robots.txt
// (https://www.rfc-editor.org/rfc/rfc9309).
import { escapeHtml } from "../../lib/html";
import { categoryPath } from "./category-page";
import { absoluteUrl, type Site } from "./page-head";
import { productPath } from "./product-page";

/** The public pages whose content ships with the web build (docs/product.md section 2), home first. */
export const STATIC_PAGES = ["/", "/blogs", "/myportfolio", "/legal", "/spare-parts"] as const;

export interface SitemapEntry {
  path: string;
  /** When the page last changed, if known. */
  lastModified?: Date | undefined;
}

/**
 * The static pages change only with a build, so their lastmod is the build's time. The tools and the
 * category pages have no time of last change (the table keeps only when a row was created, and an edit
 * does not move it): they get no lastmod rather than a wrong one.
 */
export function sitemapEntries(
  toolIds: readonly string[],
  builtAt: Date | undefined,
  categorySlugs: readonly string[] = [],
): SitemapEntry[] {
  return [
    ...STATIC_PAGES.map((path) => ({ path, lastModified: builtAt })),
    { path: categoryPath(null) },
    ...categorySlugs.map((slug) => ({ path: categoryPath(slug) })),
    ...toolIds.map((id) => ({ path: productPath(id) })),
  ];
}

export function renderSitemap(entries: readonly SitemapEntry[], site: Site): string {
  const urls = entries.map((entry) => {
    const lastmod = entry.lastModified ? `<lastmod>${entry.lastModified.toISOString()}</lastmod>` : "";
    return `  <url><loc>${escapeHtml(absoluteUrl(site, entry.path))}</loc>${lastmod}</url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}

/**
 * Everything may be crawled but the signed-in pages, the mailed links' pages and the API. GET /api/tools and /api/review stay
 * open: a crawler that runs the home page's script needs them to see the catalogue and the reviews.
 */
export function renderRobots(site: Site): string {
  return [
    "User-agent: *",
    "Allow: /",
    "Allow: /api/tools",
    "Allow: /api/review",
    "Disallow: /api",
    "Disallow: /dashboard",
    "Disallow: /checkout",
    // A mailed link's page: nothing to find there, and its address holds a token.
    "Disallow: /stock-alerts",
    "",
    `Sitemap: ${absoluteUrl(site, "/sitemap.xml")}`,
    "",
  ].join("\n");
}

import { existsSync, readFileSync } from "node:fs";
import { join, sep } from "node:path";
import fastifyStatic from "@fastify/static";
import { isPagePath } from "@toolshop/shared/page-paths";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { sendCartLinkPage } from "../features/cart/cart-link-page";
import { LONG_REVALIDATED } from "../features/storefront/og-images";
import { withPageHead } from "../features/storefront/page-head";
import { notFoundHead } from "../features/storefront/product-page";
import { type CachedBody, cachedBody, sendCachedBody } from "../lib/cached-body";
import { errorBody } from "../lib/http-errors";

const IMMUTABLE = "public, max-age=31536000, immutable";

const HTML = "text/html; charset=utf-8";
/**
 * The web build's document of every client route (apps/web/vite-plugins/home-preloads.ts). index.html,
 * with the home page's preloads, is `/`'s, which the storefront renders (features/storefront/routes.ts).
 */
const APP_SHELL_FILE = "app-shell.html";
const NOT_BUILT_MESSAGE =
  "The web app has not been built yet. Run `npm run build` (or `npm start`) in the project folder, then reload this page.";

export interface WebAppOptions {
  /** The Vite build (index.html, assets/...). When it has no index.html, pages answer 503. */
  webDistDir: string;
  /** The shop's CURRENCY, written into every page; app.config.currency when not given. */
  currency?: string | undefined;
  /**
   * The head tags of the pages that have their own (storefront/page-head.ts), by path: they replace
   * the page's title and description (`/`'s is the storefront's, which renders that page).
   */
  heads?: Record<string, string> | undefined;
}

/**
 * The name of the `<meta>` that tells the web app the shop's currency (ISO 4217, upper case), so that
 * its first render formats prices without asking GET /api/shop (apps/web/src/features/storefront/
 * shop-currency.ts reads it). The server-rendered product pages carry it too (storefront/).
 */
export const SHOP_CURRENCY_META = "shop-currency";

/** The page with the currency's `<meta>` last in its head (or after the doctype, without a </head>). */
export function withShopCurrency(html: string, currency: string): string {
  const code = currency.toUpperCase().replace(/[^A-Z]/g, "");
  const tag = `<meta name="${SHOP_CURRENCY_META}" content="${code}" />`;
  const headEnd = html.indexOf("</head>");
  if (headEnd >= 0) return `${html.slice(0, headEnd)}  ${tag}\n  ${html.slice(headEnd)}`;
  const doctype = /^\s*<!doctype[^>]*>/i.exec(html)?.[0].length ?? 0;
  return `${html.slice(0, doctype)}${tag}${html.slice(doctype)}`;
}

/**
 * Serves the built SPA (features/uploads/serve-routes.ts serves the uploads), and answers everything no route matched: a JSON 404 under
 * /api, the app shell for the app's pages (@toolshop/shared/page-paths lists them; `/` and the product
 * pages are the storefront's), the shell with status 404 and noindex for any other page path, a 404
 * for missing files. The pages are sent from memory with the shop's currency written in (made once, compressed on
 * first demand like the product pages); every other file comes from disk, pre-compressed by the build.
 */
export async function registerWebApp(app: FastifyInstance, options: WebAppOptions): Promise<void> {
  const { webDistDir } = options;
  const currency = options.currency ?? (app.hasDecorator("config") ? app.config.currency : "usd");
  const built = existsSync(join(webDistDir, "index.html"));
  // A build without the home page's preloads has index.html only, and it serves every page.
  const shellFile = existsSync(join(webDistDir, APP_SHELL_FILE)) ? APP_SHELL_FILE : "index.html";
  const hashedAssets = join(webDistDir, "assets") + sep;
  const images = join(webDistDir, "images") + sep;
  const heads = options.heads ?? {};
  const page = (file: string, path?: string): CachedBody => {
    const html = withShopCurrency(readFileSync(join(webDistDir, file), "utf8"), currency);
    const head = path === undefined ? undefined : heads[path];
    return cachedBody(head === undefined ? html : withPageHead(html, head), HTML);
  };
  const shell = built ? page(shellFile) : undefined;
  const shellHtml = shell?.body.toString("utf8");
  const notFound = shellHtml ? cachedBody(asNotFoundPage(shellHtml), HTML, 404) : undefined;

  if (built) {
    for (const path of Object.keys(heads).filter((path) => path !== "/")) {
      const withHead = page(shellFile, path);
      app.get(path, { schema: { hide: true } }, (request, reply) => sendCachedBody(request, reply, withHead));
    }
  }
  if (built) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      prefix: "/",
      // The pages go out with the currency written in (above), never as the files on disk.
      index: false,
      allowedPath: (path) => !path.endsWith(".html"),
      cacheControl: false,
      dotfiles: "ignore",
      preCompressed: true,
      setHeaders: (reply, path) => {
        // Vite puts content-hashed files under assets/; everything else may change with a deploy.
        if (path.startsWith(hashedAssets)) reply.header("cache-control", IMMUTABLE);
        else if (path.startsWith(images)) reply.header("cache-control", LONG_REVALIDATED);
        else if (path.endsWith(".html")) reply.header("cache-control", "no-cache");
        else reply.header("cache-control", "public, max-age=3600");
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    if (isClientRoute(request)) {
      if (!shell) {
        return reply
          .code(503)
          .header("cache-control", "no-store")
          .type("text/plain; charset=utf-8")
          .send(NOT_BUILT_MESSAGE);
      }
      // A cart link is added at once only when it came from the shop's own pages (decision 0050).
      if (sendCartLinkPage(request, reply, shellHtml ?? "")) return reply;
      // The app shows its not-found page either way; the status tells a crawler there is no page.
      return sendCachedBody(request, reply, isPagePath(pathOf(request)) ? shell : (notFound ?? shell));
    }
    const what = isApiPath(pathOf(request)) ? "API route" : "file";
    return reply
      .code(404)
      .send(errorBody(404, `There is no ${what} at ${request.method} ${pathOf(request)}.`));
  });
}

/** The app shell as the answer to a path no page is at: the not-found page's head (title, noindex). */
export function asNotFoundPage(shell: string): string {
  return withPageHead(shell, notFoundHead());
}

/** A page the SPA's router handles: a GET outside /api and /uploads whose last segment has no extension. */
function isClientRoute(request: FastifyRequest): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  const path = pathOf(request);
  if (isApiPath(path) || path.startsWith("/uploads/")) return false;
  const lastSegment = path.slice(path.lastIndexOf("/") + 1);
  return !lastSegment.includes(".");
}

function isApiPath(path: string): boolean {
  return path === "/api" || path.startsWith("/api/");
}

function pathOf(request: FastifyRequest): string {
  return request.url.split("?")[0] ?? "/";
}

import { statSync } from "node:fs";
import { join } from "node:path";
import type { ToolReviews } from "@toolshop/shared/reviews";
import { type Shop, shopSchema, type Tool, toolIdParamsSchema } from "@toolshop/shared/tools";
import type { FastifyPluginAsync } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { type CachedBody, cachedBody, sendCachedBody } from "../../lib/cached-body";
import { createDerivedCache, TOOLS_CHANGED_BY } from "../../plugins/derived-cache";
import { toolReviews } from "../reviews/tool-reviews";
import { findTool, listTools } from "../tools/service";
import { ogImagesRoutes } from "./og-images";
import type { Site } from "./page-head";
import { loadPageTemplate, type PageTemplate } from "./page-template";
import {
  notFoundHead,
  notFoundMarkup,
  productData,
  productHead,
  productMarkup,
  productPath,
} from "./product-page";
import { renderRobots, renderSitemap, sitemapEntries } from "./sitemap";

const HTML = "text/html; charset=utf-8";
/** At most this many pages (and the sitemap) are kept, the least recently used going first. */
export const STOREFRONT_CACHE_ENTRIES = 500;

export interface StorefrontOptions {
  /** The built web app (apps/web/dist): its shell and pre-rendered layout frame the product pages. */
  webDistDir: string;
}

/**
 * The public pages the server renders itself (docs/decisions/0011-product-pages.md): GET /tools/:id,
 * /sitemap.xml and /robots.txt, and the link previews' PNG renditions (/og/images/…). Registered before the web app, whose fallback would otherwise answer
 * them with the empty shell.
 */
export const storefrontRoutes: FastifyPluginAsync<StorefrontOptions> = async (app, options) => {
  const site: Site = { publicUrl: app.config.publicUrl, currency: app.config.currency };
  const template = loadPageTemplate(options.webDistDir, site.currency);
  const builtAt = buildTime(options.webDistDir);
  await app.register(ogImagesRoutes, { webDistDir: options.webDistDir });
  // The product pages show their tool's reviews too (issue 12). A crawler walking through 10,000 tools
  // must not keep 10,000 pages (about 25 KB each with their compressed forms).
  const cache = createDerivedCache(app, {
    invalidatedBy: [...TOOLS_CHANGED_BY, "ReviewChanged"],
    maxEntries: STOREFRONT_CACHE_ENTRIES,
  });

  function productPage(tool: Tool, reviews: ToolReviews, id: string, pages: PageTemplate): CachedBody {
    const html = pages.render({
      path: productPath(id),
      head: productHead(tool, site, reviews),
      main: productMarkup(tool, site, reviews),
      data: productData(id, tool, reviews),
    });
    return cachedBody(html, HTML);
  }

  function notFoundPage(id: string, pages: PageTemplate): CachedBody {
    const html = pages.render({
      path: productPath(id),
      head: notFoundHead(),
      main: notFoundMarkup(),
      data: productData(id, null),
    });
    return cachedBody(html, HTML, 404);
  }

  app.get<{ Params: { id: string } }>("/tools/:id", { schema: { hide: true } }, async (request, reply) => {
    // Without a web build the web app's fallback explains what to do (503).
    if (!template) return reply.callNotFound();
    const parsed = toolIdParamsSchema.safeParse(request.params);
    // The canonical (lower-case) id: an upper-case spelling is the same page, not another read.
    const id = parsed.success ? parsed.data.id : request.params.id;
    // Unknown ids are not kept: anyone can make up any number of them.
    const page = parsed.success
      ? await cache.get(`page:${id}`, async () => {
          const tool = await findTool(app.db, id, site.currency);
          return tool ? productPage(tool, await toolReviews(app.db, tool._id), id, template) : undefined;
        })
      : undefined;
    return sendCachedBody(request, reply, page ?? notFoundPage(id, template));
  });

  app.get("/sitemap.xml", { schema: { hide: true } }, async (request, reply) => {
    const sitemap = await cache.get("sitemap", async () => {
      const tools = await listTools(app.db, site.currency);
      const entries = sitemapEntries(
        tools.map((tool) => tool._id),
        builtAt,
      );
      return cachedBody(renderSitemap(entries, site), "application/xml; charset=utf-8");
    });
    return sendCachedBody(request, reply, sitemap);
  });

  // PUBLIC_URL is the only thing in it: it changes with the configuration, never while running.
  const robots = cachedBody(renderRobots(site), "text/plain; charset=utf-8");
  app.get("/robots.txt", { schema: { hide: true } }, (request, reply) =>
    sendCachedBody(request, reply, robots),
  );
};

/**
 * GET /api/shop: what the web app formats prices with. The body is made once; it is not kept by
 * browsers (the default no-store): revalidating 18 bytes would cost the same round trip as asking.
 */
export const shopRoutes: FastifyPluginAsyncZod = async (app) => {
  const { tax, seller } = app.config;
  const shop: Shop = shopSchema.parse({
    currency: app.config.currency.toUpperCase(),
    tax,
    seller: { name: seller.name, addressLines: seller.addressLines, taxId: seller.taxId ?? null },
  });
  app.get(
    "/shop",
    {
      schema: {
        tags: ["shop"],
        summary:
          "The shop's settings the web app needs: the currency prices are in (ISO 4217), the tax in force and the seller's details",
        response: { 200: shopSchema },
      },
    },
    () => shop,
  );
};

/** When the web app was built: its pages' content changed then, and only then. */
function buildTime(webDistDir: string): Date | undefined {
  try {
    return statSync(join(webDistDir, "index.html")).mtime;
  } catch {
    return undefined;
  }
}

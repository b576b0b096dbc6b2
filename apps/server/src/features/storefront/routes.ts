import { statSync } from "node:fs";
import { join } from "node:path";
import { categoryTreeSchema } from "@toolshop/shared/categories";
import { PAGE_PATHS } from "@toolshop/shared/page-paths";
import { reviewSchema, type ToolReviews, toolReviewsSchema } from "@toolshop/shared/reviews";
import { readCompareIds } from "@toolshop/shared/tool-compare";
import {
  type Shop,
  shopSchema,
  type Tool,
  type ToolSearchPage,
  toolIdParamsSchema,
  toolSchema,
  toolSearchPageSchema,
  toolSearchQuerySchema,
} from "@toolshop/shared/tools";
import {
  readToolFilters,
  renderServerPage,
  type ServerPage,
  toolSearchFields,
} from "@toolshop/web/server-render";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { type CachedBody, cachedBody, sendCachedBody } from "../../lib/cached-body";
import { escapeHtml } from "../../lib/html";
import { HttpError } from "../../lib/http-errors";
import { TOOLS_CHANGED_BY } from "../../plugins/catalogue-cache";
import { createDerivedCache } from "../../plugins/derived-cache";
import { categoryTreeAnswer } from "../categories/service";
import { cachedCategoryTree, categoryTreeOf, loadCategoryTree } from "../categories/tree";
import { listReviews } from "../reviews/service";
import { toolReviews } from "../reviews/tool-reviews";
import { compareTools } from "../tools/compare";
import { searchTools } from "../tools/search";
import { findTool, listTools } from "../tools/service";
import { categoryPath, TOOLS_PAGE_PATH, toolsPageHead } from "./category-page";
import { ogImagesRoutes } from "./og-images";
import { headTags, PAGE_HEADS, SITE_NAME, type Site, withPageHead } from "./page-head";
import { loadPageTemplate, type PageTemplate } from "./page-template";
import { notFoundHead, productHead, productPath } from "./product-page";
import { renderRobots, renderSitemap, sitemapEntries } from "./sitemap";
import { skuSearchTarget } from "./sku-search";

const HTML = "text/html; charset=utf-8";
/** At most this many pages (and the sitemap) are kept, the least recently used going first. */
export const STOREFRONT_CACHE_ENTRIES = 500;
const reviewListSchema = z.array(reviewSchema);
/** The tools page's ?category=: a slug as the search takes it, or none (an empty value is none). */
const categoryParam = toolSearchQuerySchema.shape.category.or(z.literal("").transform(() => undefined));

export interface StorefrontOptions {
  /** The built web app (apps/web/dist): its index.html and app-shell.html frame the pages. */
  webDistDir: string;
}

/**
 * The public pages the server renders itself with the web app's React components
 * (docs/decisions/0011-product-pages.md, 0047): GET / and /tools/:id, and /sitemap.xml, /robots.txt
 * and the link previews' PNG renditions (/og/images/…). Registered before the web app, whose fallback
 * would otherwise answer them with the empty shell.
 */
export const storefrontRoutes: FastifyPluginAsync<StorefrontOptions> = async (app, options) => {
  const site: Site = { publicUrl: app.config.publicUrl, currency: app.config.currency };
  const homeTemplate = loadPageTemplate(options.webDistDir, "index.html", site.currency);
  const shellTemplate = loadPageTemplate(options.webDistDir, "app-shell.html", site.currency) ?? homeTemplate;
  const homeHead = headTags(PAGE_HEADS["/"], site);
  const builtAt = buildTime(options.webDistDir);
  await app.register(ogImagesRoutes, { webDistDir: options.webDistDir });
  // The pages show the tools with their stock and the reviews (issue 12). A crawler walking through
  // 10,000 tools must not keep 10,000 pages (about 25 KB each with their compressed forms).
  const cache = createDerivedCache(app, {
    invalidatedBy: [...TOOLS_CHANGED_BY, "ReviewChanged"],
    maxEntries: STOREFRONT_CACHE_ENTRIES,
  });
  const categoryTrees = cachedCategoryTree(app);

  /** The page rendered by React, with its data as the API answers it (the routes' response schemas). */
  async function renderedPage(
    template: PageTemplate,
    path: string,
    head: string,
    page: ServerPage,
    status = 200,
  ): Promise<CachedBody> {
    const root = await renderServerPage(path, page, site.currency);
    return cachedBody(template.render(head, root), HTML, status);
  }

  async function homePage(template: PageTemplate): Promise<CachedBody> {
    const [tools, reviews, categories] = await Promise.all([
      searchTools(app.db, {}, site.currency, categoryTreeOf(app.db)),
      listReviews(app.db),
      categoryTreeAnswer(app.db),
    ]);
    const page: ServerPage = {
      kind: "home",
      tools: toolSearchPageSchema.parse(tools),
      reviews: reviewListSchema.parse(reviews),
      categories: categoryTreeSchema.parse(categories),
    };
    return renderedPage(template, "/", homeHead, page);
  }

  /**
   * /tools?category=<slug>&…: the category's tools, its sub-categories' included, with the URL's words,
   * sort and filters (issues 58, decision 0061); the whole catalogue without a category. A slug no
   * category has is a 404 saying so. `search`: the query as the browser reads it (readToolFilters).
   */
  async function toolsPage(
    slug: string | null,
    search: URLSearchParams,
    path: string,
    template: PageTemplate,
  ): Promise<CachedBody> {
    const tree = await loadCategoryTree(app.db);
    const category = slug === null ? undefined : tree.findBySlug(slug);
    const categories = categoryTreeSchema.parse(await categoryTreeAnswer(app.db));
    const filters = { ...readToolFilters(search), category: slug };
    if (slug !== null && !category) {
      const page: ServerPage = { kind: "tools", filters, tools: null, categories };
      return renderedPage(template, path, notFoundHead(), page, 404);
    }
    const head = toolsPageHead(category && tree.toolCategory(category.id), site);
    // The API's own reading of the fields: what it refuses (an attribute no one has) the browser asks
    // for again, and shows the API's sentence.
    const query = toolSearchQuerySchema.safeParse(fieldsOf(toolSearchFields(filters)));
    let tools: ToolSearchPage | null = null;
    if (query.success) {
      try {
        const answer = await searchTools(app.db, query.data, site.currency, categoryTreeOf(app.db));
        tools = toolSearchPageSchema.parse(answer);
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
      }
    }
    return renderedPage(template, path, head, { kind: "tools", filters, tools, categories });
  }

  /** /compare?ids=: the tools side by side; a sentence for a bad list (400) or ids no tool has (404). */
  async function comparePage(ids: unknown, path: string, template: PageTemplate): Promise<CachedBody> {
    const head = [
      `<title>Compare tools | ${escapeHtml(SITE_NAME)}</title>`,
      // Any four ids make one: nothing for a search engine to keep.
      `<meta name="robots" content="noindex" />`,
    ].join("\n    ");
    const asked = readCompareIds(ids);
    if ("error" in asked) {
      return renderedPage(template, path, head, { kind: "compare", ids: null, tools: null }, 400);
    }
    try {
      const tools = await compareTools(app.db, asked.ids, site.currency, categoryTreeOf(app.db));
      const page: ServerPage = {
        kind: "compare",
        ids: asked.ids,
        tools: tools.map((tool) => toolSchema.parse(tool)),
      };
      return renderedPage(template, path, head, page);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      const page: ServerPage = { kind: "compare", ids: asked.ids, tools: null };
      return renderedPage(template, path, head, page, error.statusCode);
    }
  }

  function productPage(tool: Tool, reviews: ToolReviews, id: string, template: PageTemplate) {
    const page: ServerPage = {
      kind: "tool",
      toolId: id,
      tool: toolSchema.parse(tool),
      reviews: toolReviewsSchema.parse(reviews),
    };
    return renderedPage(template, productPath(id), productHead(tool, site, reviews), page);
  }

  function notFoundPage(id: string, template: PageTemplate): Promise<CachedBody> {
    const page: ServerPage = { kind: "no-such-tool", toolId: id };
    return renderedPage(template, productPath(id), notFoundHead(), page, 404);
  }

  /**
   * Sends the page; when it could not be rendered (a bug in a component, the database down), the
   * document as built instead, for the browser to render (and show its own error), and the error in
   * the log.
   */
  async function send(
    request: FastifyRequest,
    reply: FastifyReply,
    fallback: string,
    render: () => Promise<CachedBody>,
  ) {
    let page: CachedBody;
    try {
      page = await render();
    } catch (error) {
      request.log.error({ err: error }, "the page could not be rendered on the server");
      page = cachedBody(fallback, HTML);
    }
    return sendCachedBody(request, reply, page);
  }

  app.get<{ Querystring: { q?: unknown } }>("/", { schema: { hide: true } }, async (request, reply) => {
    // Without a web build the web app's fallback explains what to do (503).
    if (!homeTemplate) return reply.callNotFound();
    const skuPage = await skuSearchTarget(app.db, request.query.q, request.log);
    if (skuPage) return reply.redirect(skuPage, 303);
    return send(request, reply, withPageHead(homeTemplate.empty, homeHead), () =>
      cache.get("page:/", () => homePage(homeTemplate)),
    );
  });

  app.get<{ Querystring: { category?: unknown; q?: unknown } }>(
    TOOLS_PAGE_PATH,
    { schema: { hide: true } },
    async (request, reply) => {
      const template = shellTemplate;
      if (!template) return reply.callNotFound();
      const skuPage = await skuSearchTarget(app.db, request.query.q, request.log);
      if (skuPage) return reply.redirect(skuPage, 303);
      const parsed = categoryParam.safeParse(request.query.category);
      const slug = parsed.success ? (parsed.data ?? null) : String(request.query.category);
      const search = new URLSearchParams(request.url.split("?")[1] ?? "");
      const filters = readToolFilters(search);
      // A category alone is kept, one page per category, whatever else the address holds; words,
      // a sort or filters are rendered each time (as the API does not cache such searches).
      const plain = isPlain(filters);
      return send(request, reply, template.empty, async () => {
        const known = slug === null || (await categoryTrees.tree()).findBySlug(slug) !== undefined;
        // Unknown slugs are not kept: anyone can make up any number of them.
        if (!known || !plain)
          return toolsPage(slug, search, known ? request.url : categoryPath(slug), template);
        return cache.get(`page:${categoryPath(slug)}`, () =>
          toolsPage(slug, new URLSearchParams(), categoryPath(slug), template),
        );
      });
    },
  );

  app.get<{ Querystring: { ids?: unknown } }>(
    PAGE_PATHS.compare,
    { schema: { hide: true } },
    async (request, reply) => {
      const template = shellTemplate;
      if (!template) return reply.callNotFound();
      // Not kept: the stock is live, and there are endless lists of ids.
      return send(request, reply, template.empty, () =>
        comparePage(request.query.ids, request.url, template),
      );
    },
  );

  app.get<{ Params: { id: string } }>("/tools/:id", { schema: { hide: true } }, async (request, reply) => {
    const template = shellTemplate;
    if (!template) return reply.callNotFound();
    const parsed = toolIdParamsSchema.safeParse(request.params);
    // The canonical (lower-case) id: an upper-case spelling is the same page, not another read.
    const id = parsed.success ? parsed.data.id : request.params.id;
    return send(request, reply, template.empty, async () => {
      // Unknown ids are not kept: anyone can make up any number of them.
      const page = parsed.success
        ? await cache.get(`page:${id}`, async () => {
            const tool = await findTool(app.db, id, site.currency, categoryTreeOf(app.db));
            return tool ? productPage(tool, await toolReviews(app.db, tool._id), id, template) : undefined;
          })
        : undefined;
      return page ?? notFoundPage(id, template);
    });
  });

  app.get("/sitemap.xml", { schema: { hide: true } }, async (request, reply) => {
    const sitemap = await cache.get("sitemap", async () => {
      const [tools, tree] = await Promise.all([listTools(app.db, site.currency), loadCategoryTree(app.db)]);
      const entries = sitemapEntries(
        tools.map((tool) => tool._id),
        builtAt,
        tree.depthFirst().map(({ row }) => row.slug),
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

/** Whether the tools page's filters are its category's alone (the page that is kept). */
function isPlain(filters: ReturnType<typeof readToolFilters>): boolean {
  const { facets } = filters;
  return (
    filters.q === "" &&
    filters.sort === "featured" &&
    facets.attributes.length === 0 &&
    facets.priceMinCents === null &&
    facets.priceMaxCents === null &&
    !facets.inStock
  );
}

/** A query's fields as Fastify hands them to a schema: a repeated name as an array. */
function fieldsOf(params: URLSearchParams): Record<string, string | string[]> {
  const fields: Record<string, string | string[]> = {};
  for (const name of new Set(params.keys())) {
    const values = params.getAll(name);
    fields[name] = values.length === 1 ? (values[0] as string) : values;
  }
  return fields;
}

/** When the web app was built: its pages' content changed then, and only then. */
function buildTime(webDistDir: string): Date | undefined {
  try {
    return statSync(join(webDistDir, "index.html")).mtime;
  } catch {
    return undefined;
  }
}

import { apiErrorSchema } from "@toolshop/shared/errors";
import { skuNotFound, skuParamsSchema } from "@toolshop/shared/sku";
import { compareAnswerSchema, compareQuerySchema } from "@toolshop/shared/tool-compare";
import {
  type Tool,
  type ToolSearchPage,
  type ToolSearchQuery,
  toolIdParamsSchema,
  toolSchema,
  toolSearchPageSchema,
  toolSearchQuerySchema,
} from "@toolshop/shared/tools";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { HttpError } from "../../lib/http-errors";
import type { CachedRead } from "../../plugins/catalogue-cache";
import { createDerivedCache } from "../../plugins/derived-cache";
import { cachedCategoryTree } from "../categories/tree";
import { compareTools } from "./compare";
import { queryHasFilters } from "./facets";
import { searchTools } from "./search";
import { findTool, findToolBySku, listTools } from "./service";

const toolListSchema = z.array(toolSchema);

/** At most this many searches' totals are kept (a few dozen bytes each), the least recently used going first. */
export const SEARCH_COUNTS_KEPT = 5_000;

export const toolsRoutes: FastifyPluginAsyncZod = async (app) => {
  const searchCounts = createDerivedCache(app, {
    // A category moved under another changes what its parent's slug finds.
    invalidatedBy: ["ToolChanged", "CategoryChanged"],
    maxEntries: SEARCH_COUNTS_KEPT,
  });
  const categories = cachedCategoryTree(app);
  const toolList: CachedRead<Tool[]> = {
    scope: "tools",
    key: "list",
    schema: toolListSchema,
    load: () => listTools(app.db, app.config.currency, categories),
  };
  const oneTool = (id: string): CachedRead<Tool> => ({
    scope: "tools",
    key: `tool:${id}`,
    schema: toolSchema,
    load: () => findTool(app.db, id, app.config.currency, categories),
    notFound: "There is no tool with this id.",
  });
  /**
   * Only a first page without words is cached (the home page as it opens, per category and sort):
   * at most (categories + 1) x 5 x 101 bodies, whatever visitors type (an unknown slug is a 400, not
   * kept). Pages with q or a cursor go to the database.
   */
  const firstPage = (query: ToolSearchQuery): CachedRead<ToolSearchPage> | undefined =>
    query.q || query.cursor || queryHasFilters(query)
      ? undefined
      : {
          scope: "tools",
          key: `search:${query.category ?? "all"}:${query.sort ?? "featured"}:${query.limit ?? "default"}`,
          schema: toolSearchPageSchema,
          load: () => searchTools(app.db, query, app.config.currency, categories, searchCounts),
        };

  app.get(
    "/tools",
    {
      schema: {
        tags: ["tools"],
        summary: "All tools, ordered by name",
        description: "Served from the catalogue cache with a strong ETag; If-None-Match answers 304.",
        response: { 200: toolListSchema },
      },
    },
    (request, reply) => app.catalogueCache.serve(request, reply, toolList),
  );

  // A static path: Fastify's router prefers it to /tools/:id whatever the order of registration.
  app.get(
    "/tools/search",
    {
      schema: {
        tags: ["tools"],
        summary: "Search the tools, filter by category, sort, one page at a time",
        description:
          "q: every word must be in the tool's name or description, the last one may be the start of a word. category: a category's slug, its sub-categories included; a slug no category has answers 400. sort: featured (in stock first, then grouped by category, then by name; the default), price, price-desc, name or newest. cursor: the nextCursor of the previous page, with the same q, category and sort; null after the last page. total counts every match.",
        querystring: toolSearchQuerySchema,
        response: { 200: toolSearchPageSchema, 400: apiErrorSchema },
      },
    },
    (request, reply) => {
      const cached = firstPage(request.query);
      if (cached) return app.catalogueCache.serve(request, reply, cached);
      return searchTools(app.db, request.query, app.config.currency, categories, searchCounts);
    },
  );

  // A static path, as /tools/search. Not cached: one query for at most four tools, their stock live.
  app.get(
    "/tools/compare",
    {
      schema: {
        tags: ["tools"],
        summary: "Up to four tools, for a comparison side by side",
        description:
          "ids: 1 to 4 tool ids separated by commas (or the field repeated), answered in that order with their specifications (attributes). 400 with a sentence for no ids, more than four or one that is not an id; 404 naming the ids no tool has.",
        querystring: compareQuerySchema,
        response: { 200: compareAnswerSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => ({
      tools: await compareTools(app.db, request.query.ids, app.config.currency, categories),
    }),
  );

  // A static prefix, as /tools/search. Not cached: one read of the unique index, and what a SKU names
  // changes with every edit of a SKU.
  app.get(
    "/tools/by-sku/:sku",
    {
      schema: {
        tags: ["tools"],
        summary: "The tool with this SKU, in any case",
        description:
          "The SKU is matched without case (abc-1 finds ABC-1); a / in it is sent as %2F. 404 with a sentence when no tool has it.",
        params: skuParamsSchema,
        response: { 200: toolSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      const { sku } = request.params;
      const tool = await findToolBySku(app.db, sku, app.config.currency, categories);
      if (!tool) throw new HttpError(404, skuNotFound(sku));
      return tool;
    },
  );

  app.get(
    "/tools/:id",
    {
      schema: {
        tags: ["tools"],
        summary: "One tool",
        params: toolIdParamsSchema,
        response: { 200: toolSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    (request, reply) => app.catalogueCache.serve(request, reply, oneTool(request.params.id)),
  );
};

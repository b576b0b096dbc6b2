import { apiErrorSchema } from "@toolshop/shared/errors";
import { type SparePartsAnswer, sparePartsAnswerSchema } from "@toolshop/shared/spare-parts";
import {
  noToolForSparePartQuery,
  sparePartsQuerySchema,
  toolRelationsBodySchema,
} from "@toolshop/shared/tool-relations";
import { type Tool, toolIdParamsSchema, toolSchema } from "@toolshop/shared/tools";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { HttpError } from "../../lib/http-errors";
import type { CachedRead } from "../../plugins/catalogue-cache";
import { cachedCategoryTree } from "../categories/tree";
import { toolsOfIds } from "./answers";
import { setToolRelations, sparePartIdsOf, type ToolRelationsContext, toolIdOfModelOrSku } from "./service";

const NO_SUCH_TOOL = "There is no tool with this id.";
const toolListSchema = z.array(toolSchema);
const errors = (...codes: (400 | 401 | 403 | 404 | 409)[]) =>
  Object.fromEntries(codes.map((code) => [code, apiErrorSchema]));

/**
 * What fits with what (decision 0058): a tool's spare parts, "Find spare parts" by model number or SKU,
 * and the owner's write of a tool's relations. The reads of one tool are cached with the catalogue
 * (scope "tools"), which ToolChanged drops, so a change of relations shows at once.
 */
export const toolRelationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { currency } = app.config;
  const categories = cachedCategoryTree(app);
  const ctx: ToolRelationsContext = { db: app.db, events: app.events };

  /** The tool and its spare parts; undefined when there is no such tool. */
  const withSpareParts = async (toolId: string): Promise<SparePartsAnswer | undefined> => {
    const [[tool], spareParts] = await Promise.all([
      toolsOfIds(app.db, [toolId], currency, categories),
      sparePartIdsOf(app.db, toolId).then((ids) => toolsOfIds(app.db, ids, currency, categories)),
    ]);
    return tool ? { tool, spareParts } : undefined;
  };
  const spareParts = (id: string): CachedRead<Tool[]> => ({
    scope: "tools",
    key: `spare-parts:${id}`,
    schema: toolListSchema,
    load: async () => (await withSpareParts(id))?.spareParts,
    notFound: NO_SUCH_TOOL,
  });

  app.get(
    "/tools/:id/spare-parts",
    {
      schema: {
        tags: ["tools"],
        summary: "A tool's spare parts, in the owner's order",
        description: "Each as GET /tools/:id answers it. Served from the catalogue cache with a strong ETag.",
        params: toolIdParamsSchema,
        response: { 200: toolListSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    (request, reply) => app.catalogueCache.serve(request, reply, spareParts(request.params.id)),
  );

  // Not cached: what a typed model number names changes with every edit, and each query is one
  // read of the unique indexes.
  app.get(
    "/spare-parts",
    {
      schema: {
        tags: ["tools"],
        summary: "Find spare parts: the tool with this model number or SKU, and its spare parts",
        description:
          "q is matched exactly, without case, against every tool's model number, then its SKU. 404 with a sentence when no tool has it.",
        querystring: sparePartsQuerySchema,
        response: { 200: sparePartsAnswerSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      const { q } = request.query;
      const id = await toolIdOfModelOrSku(app.db, q);
      const answer = id ? await withSpareParts(id) : undefined;
      if (!answer) throw new HttpError(404, noToolForSparePartQuery(q));
      return answer;
    },
  );

  app.put(
    "/tools/:id/relations",
    {
      onRequest: app.requireAdmin,
      schema: {
        security: [{ bearerAuth: [] }],
        tags: ["tools"],
        summary: "Set a product's model number, discontinued flag, successor and related tools (admin)",
        description:
          "The whole of it each time: accessories, spare parts and works-with replace the tool's lists (at most 50 each; works-with holds both ways, so it replaces the tool's side of every works-with). Each id must be another tool; a successor that leads back to the tool is refused.",
        params: toolIdParamsSchema,
        body: toolRelationsBodySchema,
        response: { 200: toolSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      await setToolRelations(ctx, request.params.id, request.body);
      const [tool] = await toolsOfIds(app.db, [request.params.id], currency, categories);
      if (!tool) throw new HttpError(404, NO_SUCH_TOOL);
      return tool;
    },
  );
};

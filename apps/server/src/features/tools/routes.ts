import { apiErrorSchema } from "@toolshop/shared/errors";
import { type Tool, toolIdParamsSchema, toolSchema } from "@toolshop/shared/tools";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { CachedRead } from "../../plugins/catalogue-cache";
import { findTool, listTools } from "./service";

const toolListSchema = z.array(toolSchema);

export const toolsRoutes: FastifyPluginAsyncZod = async (app) => {
  const toolList: CachedRead<Tool[]> = {
    scope: "tools",
    key: "list",
    schema: toolListSchema,
    load: () => listTools(app.db, app.config.currency),
  };
  const oneTool = (id: string): CachedRead<Tool> => ({
    scope: "tools",
    key: `tool:${id}`,
    schema: toolSchema,
    load: () => findTool(app.db, id, app.config.currency),
    notFound: "There is no tool with this id.",
  });

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
    // Not async: a body in memory is answered in the same tick (see catalogueCache.serve).
    (request, reply) => app.catalogueCache.serve(request, reply, toolList),
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

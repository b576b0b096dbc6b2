import { apiErrorSchema } from "@toolshop/shared/errors";
import { toolIdParamsSchema, toolSchema } from "@toolshop/shared/tools";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { HttpError } from "../../lib/http-errors";
import { findTool, listTools } from "./service";

const toolListSchema = z.array(toolSchema);

export const toolsRoutes: FastifyPluginAsyncZod = async (app) => {
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
    async (request, reply) => {
      await app.catalogueCache.send(request, reply, {
        scope: "tools",
        key: "list",
        schema: toolListSchema,
        load: () => listTools(app.db, app.config.currency),
      });
      return reply;
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
    async (request, reply) => {
      const { id } = request.params;
      const sent = await app.catalogueCache.send(request, reply, {
        scope: "tools",
        key: `tool:${id}`,
        schema: toolSchema,
        load: () => findTool(app.db, id, app.config.currency),
      });
      if (!sent) throw new HttpError(404, "There is no tool with this id.");
      return reply;
    },
  );
};

import { apiErrorSchema } from "@toolshop/shared/errors";
import { toolIdParamsSchema, toolSchema } from "@toolshop/shared/tools";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { HttpError } from "../../lib/http-errors";
import { findTool, listTools } from "./service";

export const toolsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/tools",
    {
      schema: {
        tags: ["tools"],
        summary: "All tools, ordered by name",
        response: { 200: z.array(toolSchema) },
      },
    },
    () => listTools(app.db, app.config.currency),
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
    async (request) => {
      const tool = await findTool(app.db, request.params.id, app.config.currency);
      if (!tool) throw new HttpError(404, "There is no tool with this id.");
      return tool;
    },
  );
};

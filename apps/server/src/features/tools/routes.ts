import { apiErrorSchema } from "@toolshop/shared/errors";
import { type Tool, toolIdParamsSchema, toolSchema } from "@toolshop/shared/tools";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { HttpError } from "../../lib/http-errors";
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
  });

  // The handlers are not async: a body in memory is answered in the same tick, without the promises
  // an async handler costs every request; only a miss waits for the database.
  async function loadAndSend<T>(request: FastifyRequest, reply: FastifyReply, read: CachedRead<T>) {
    // Only a tool id can find nothing: the list is an empty array at worst.
    const sent = await app.catalogueCache.send(request, reply, read);
    if (!sent) throw new HttpError(404, "There is no tool with this id.");
    return reply;
  }

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
    (request, reply) => {
      if (app.catalogueCache.sendCached(request, reply, toolList)) return;
      return loadAndSend(request, reply, toolList);
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
    (request, reply) => {
      const read = oneTool(request.params.id);
      if (app.catalogueCache.sendCached(request, reply, read)) return;
      return loadAndSend(request, reply, read);
    },
  );
};

import { apiErrorSchema } from "@toolshop/shared/errors";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { HttpError } from "../../lib/http-errors";

const okSchema = z.object({ status: z.literal("ok") });

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/healthz",
    { schema: { tags: ["health"], summary: "Liveness: the process answers", response: { 200: okSchema } } },
    () => ({ status: "ok" as const }),
  );

  app.get(
    "/readyz",
    {
      schema: {
        tags: ["health"],
        summary: "Readiness: the database answers too",
        response: { 200: okSchema, 503: apiErrorSchema },
      },
    },
    async (request) => {
      try {
        await app.database.ping();
      } catch (error) {
        request.log.warn({ err: error }, "readiness check: the database did not answer");
        throw new HttpError(503, "The database is not reachable.");
      }
      return { status: "ok" as const };
    },
  );
};

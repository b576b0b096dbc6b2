import { apiErrorSchema } from "@toolshop/shared/errors";
import { overviewQuerySchema, overviewSchema } from "@toolshop/shared/overview";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { overview } from "./service";

/** GET /api/overview: the owner's dashboard figures (admins only). */
export const overviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/overview",
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ["overview"],
        summary:
          "The business at a glance: revenue per day, top tools, low stock, open quotes, unpaid orders (admins only)",
        description:
          "Days are UTC calendar days ending today. Revenue counts paid, shipped and delivered orders on the day they were paid, less their lines refunded one by one; cancelled and wholly refunded orders are none. Top tools rank the period's lines the same way. Low stock: tools whose stock is below their threshold (the owner's, else the minimum order quantity times two).",
        security: [{ bearerAuth: [] }],
        querystring: overviewQuerySchema,
        response: { 200: overviewSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    (request) => overview(app.db, request.query.days, app.config.currency),
  );
};

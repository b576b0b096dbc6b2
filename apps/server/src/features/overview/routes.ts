import { apiErrorSchema } from "@toolshop/shared/errors";
import { overviewQuerySchema, overviewSchema } from "@toolshop/shared/overview";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { createDerivedCache } from "../../plugins/derived-cache";
import { overview, salesFigures, utcToday } from "./service";

/**
 * What changes the sales figures: a payment or a refund (the per-day sales, decision 0048), a tool
 * renamed or deleted (the top tools' names; a deleted tool's sales go with it).
 */
const SALES_CHANGED_BY = ["OrderPaid", "OrderRefunded", "ToolChanged"] as const;

/** GET /api/overview: the owner's dashboard figures (admins only). */
export const overviewRoutes: FastifyPluginAsyncZod = async (app) => {
  // The sales figures of each period and day, kept until what they count changes, on every process: a
  // dashboard left open and reloaded costs the database nothing. The other figures are read each time
  // (open quotes have no domain event, and stock moves with every order).
  const sales = createDerivedCache(app, { invalidatedBy: SALES_CHANGED_BY, maxEntries: 4 });
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
    (request) =>
      overview(app.db, request.query.days, app.config.currency, (days) => {
        // The day is part of the key: a new day starts a new period.
        const today = utcToday();
        return sales.get(`${days}:${today}`, () => salesFigures(app.db, days, today));
      }),
  );
};

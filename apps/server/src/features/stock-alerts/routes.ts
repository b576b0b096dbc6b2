import { apiErrorSchema } from "@toolshop/shared/errors";
import {
  stockAlertAnswerSchema,
  stockAlertRequestSchema,
  stockAlertsWaitingSchema,
  stockAlertTokenSchema,
} from "@toolshop/shared/stock-alerts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { appAlertMailQueue } from "./restock";
import {
  confirmStockAlert,
  pruneStockAlerts,
  requestStockAlert,
  type StockAlertsContext,
  unsubscribeStockAlerts,
  waitingStockAlerts,
} from "./service";

const errors = (...codes: (400 | 401 | 403 | 404 | 409 | 429)[]) =>
  Object.fromEntries(codes.map((code) => [code, apiErrorSchema]));
const linkAnswer = z.object({ message: z.string() });
const PRUNE_INTERVAL_MS = 60 * 60 * 1000;

/** "Email me when it is back" (decision 0059): anyone may ask; the mailed links prove and stop. */
export const stockAlertsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx: StockAlertsContext = {
    db: app.db,
    queue: appAlertMailQueue(app),
    settings: { publicUrl: app.config.publicUrl },
  };
  app.jobs.runPeriodically({
    name: "prune-stock-alerts",
    title: "pruning stock alerts never proven or long mailed",
    everyMs: PRUNE_INTERVAL_MS,
    run: () => pruneStockAlerts(app.db),
  });

  app.post(
    "/stock-alerts",
    {
      onRequest: app.optionalUser,
      schema: {
        tags: ["stock-alerts"],
        summary: "Ask for one mail when a sold-out tool is back in stock (rate limited)",
        description:
          "Signed in with a proven address: the alert waits at once (the account's address, whatever `email` says). Otherwise `email` is needed and gets a link that confirms the alert; an address that waits already gets word of it instead, and the answer is the same either way. 409 when the tool can be ordered now.",
        security: [{ bearerAuth: [] }, {}],
        body: stockAlertRequestSchema,
        response: { 202: stockAlertAnswerSchema, ...errors(400, 401, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const asker = request.user ? { email: request.user.email } : null;
      await app.enforceRateLimit(request, reply, "stockAlert", asker?.email ?? request.body.email);
      return reply.code(202).send(await requestStockAlert(ctx, request.body, asker));
    },
  );

  app.post(
    "/stock-alerts/confirm",
    {
      schema: {
        tags: ["stock-alerts"],
        summary: "Confirm an alert with its mailed link's token",
        description:
          "If the tool is back already, its mail is sent at once. 400 for a link that is used up or too old.",
        body: stockAlertTokenSchema,
        response: { 200: linkAnswer, ...errors(400, 429) },
      },
    },
    async (request, reply) => {
      await app.enforceRateLimit(request, reply, "stockAlertLink");
      return confirmStockAlert(ctx, request.body.token);
    },
  );

  app.post(
    "/stock-alerts/unsubscribe",
    {
      schema: {
        tags: ["stock-alerts"],
        summary: "Stop every back-in-stock alert of the address a mail went to",
        body: stockAlertTokenSchema,
        response: { 200: linkAnswer, ...errors(400, 429) },
      },
    },
    async (request, reply) => {
      await app.enforceRateLimit(request, reply, "stockAlertLink");
      return unsubscribeStockAlerts(ctx, request.body.token);
    },
  );

  app.get(
    "/stock-alerts/waiting",
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ["stock-alerts"],
        summary: "How many confirmed alerts wait, per tool that has any (admins only)",
        security: [{ bearerAuth: [] }],
        response: { 200: stockAlertsWaitingSchema, ...errors(401, 403) },
      },
    },
    () => waitingStockAlerts(app.db),
  );
};

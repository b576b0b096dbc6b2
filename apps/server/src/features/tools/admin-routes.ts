import { apiErrorSchema } from "@toolshop/shared/errors";
import {
  createToolBodySchema,
  deleteToolResponseSchema,
  PRODUCT_IMAGE_NOT_OURS,
  toolIdParamsSchema,
  toolSchema,
  toolStockSettingsSchema,
  updateToolBodySchema,
} from "@toolshop/shared/tools";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { HttpError } from "../../lib/http-errors";
import { appRestockMailer } from "../stock-alerts/restock";
import {
  createTool,
  deleteTool,
  findStockSettings,
  findTool,
  type ToolsContext,
  updateTool,
} from "./service";

export interface ToolsAdminOptions {
  /**
   * Whether this is one of our uploads and its file is there (it may have been pruned if the form
   * waited too long). Given by app.ts, which knows where uploads are stored.
   */
  uploadExists(url: string): Promise<boolean>;
}

const errors = (...codes: (400 | 401 | 403 | 404 | 409)[]) =>
  Object.fromEntries(codes.map((code) => [code, apiErrorSchema]));

/** The admin's writes to the catalogue; the services publish ToolChanged, which clears the cache. */
export const toolsAdminRoutes: FastifyPluginAsyncZod<ToolsAdminOptions> = async (app, { uploadExists }) => {
  const { currency } = app.config;
  const ctx: ToolsContext = { db: app.db, currency, events: app.events, restocked: appRestockMailer(app) };
  const assertImage = async (url: string) => {
    if (!(await uploadExists(url))) {
      throw new HttpError(400, `${PRODUCT_IMAGE_NOT_OURS}; this one was not found. Please upload it again.`);
    }
  };

  app.post(
    "/tools",
    {
      onRequest: app.requireAdmin,
      schema: {
        security: [{ bearerAuth: [] }],
        tags: ["tools"],
        summary: "Add a product (admin); upload its image first with POST /uploads",
        body: createToolBodySchema,
        response: { 201: toolSchema, ...errors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      await assertImage(request.body.image);
      return reply.code(201).send(await createTool(ctx, request.body));
    },
  );

  app.patch(
    "/tools/:id",
    {
      onRequest: app.requireAdmin,
      schema: {
        security: [{ bearerAuth: [] }],
        tags: ["tools"],
        summary: "Edit a product (admin)",
        description:
          "previousAvailableQuantity is the stock the admin saw: if orders changed it meanwhile, the edit is refused (409) instead of overwriting their reservations.",
        params: toolIdParamsSchema,
        body: updateToolBodySchema,
        response: { 200: toolSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const current = await findTool(app.db, request.params.id, currency);
      if (!current) throw new HttpError(404, "There is no tool with this id.");
      // Keeping its picture (a bundled one, say) is always allowed; a new one must be an upload.
      if (request.body.image !== current.image) await assertImage(request.body.image);
      return updateTool(ctx, request.params.id, request.body);
    },
  );

  app.get(
    "/tools/:id/stock-settings",
    {
      onRequest: app.requireAdmin,
      schema: {
        security: [{ bearerAuth: [] }],
        tags: ["tools"],
        summary: "A product's low-stock threshold (admin): null is the default, its minimum order times two",
        params: toolIdParamsSchema,
        response: { 200: toolStockSettingsSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const settings = await findStockSettings(app.db, request.params.id);
      if (!settings) throw new HttpError(404, "There is no tool with this id.");
      return settings;
    },
  );

  app.delete(
    "/tools/:id",
    {
      onRequest: app.requireAdmin,
      schema: {
        security: [{ bearerAuth: [] }],
        tags: ["tools"],
        summary: "Delete a product nobody has paid for (admin)",
        params: toolIdParamsSchema,
        response: { 200: deleteToolResponseSchema, ...errors(400, 401, 403, 409) },
      },
    },
    (request) => deleteTool(ctx, request.params.id),
  );
};

import { adminOrdersQuerySchema } from "@toolshop/shared/admin-orders";
import { apiErrorSchema } from "@toolshop/shared/errors";
import { orderIdParamsSchema, orderSchema } from "@toolshop/shared/orders";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { listAllOrders, shipOrder } from "./admin-service";

const errors = (...codes: (400 | 401 | 403 | 404 | 409)[]) =>
  Object.fromEntries(codes.map((code) => [code, apiErrorSchema]));

/** Manage Orders (admin): every customer's orders, and shipping the paid ones. */
export const adminOrdersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { currency } = app.config;

  app.get(
    "/orders",
    {
      preHandler: app.requireAdmin,
      schema: {
        security: [{ bearerAuth: [] }],
        tags: ["orders"],
        summary: "Every order, newest first, optionally of one status (admin)",
        description: "Without a status, every order except cancelled ones.",
        querystring: adminOrdersQuerySchema,
        response: { 200: z.array(orderSchema), ...errors(400, 401, 403) },
      },
    },
    (request) => listAllOrders(app.db, currency, request.query),
  );

  app.post(
    "/orders/:id/ship",
    {
      preHandler: app.requireAdmin,
      schema: {
        security: [{ bearerAuth: [] }],
        tags: ["orders"],
        summary: "Mark a paid order shipped (admin); an unpaid order is refused (409)",
        params: orderIdParamsSchema,
        response: { 200: orderSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    (request) => shipOrder(app.db, currency, request.params.id),
  );
};

import { adminOrdersQuerySchema, shipOrderBodySchema } from "@toolshop/shared/admin-orders";
import { apiErrorSchema } from "@toolshop/shared/errors";
import { orderIdParamsSchema, orderSchema } from "@toolshop/shared/orders";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { cancelOrder, deliverOrder, listAllOrders, refundOrder, shipOrder } from "./admin-service";
import type { OrdersContext } from "./context";

const errors = (...codes: (400 | 401 | 403 | 404 | 409)[]) =>
  Object.fromEntries(codes.map((code) => [code, apiErrorSchema]));

const command = (summary: string) => ({
  security: [{ bearerAuth: [] }],
  tags: ["orders"],
  summary,
  params: orderIdParamsSchema,
  response: { 200: orderSchema, ...errors(400, 401, 403, 404, 409) },
});

/** Manage Orders (admin): every customer's orders, and the owner's commands on them. */
export const adminOrdersRoutes: FastifyPluginAsyncZod<{ orders: OrdersContext }> = async (
  app,
  { orders },
) => {
  app.get(
    "/orders",
    {
      onRequest: app.requireAdmin,
      schema: {
        security: [{ bearerAuth: [] }],
        tags: ["orders"],
        summary: "Every order, newest first, optionally of one status (admin)",
        description: "Without a status, every order except cancelled ones.",
        querystring: adminOrdersQuerySchema,
        response: { 200: z.array(orderSchema), ...errors(400, 401, 403) },
      },
    },
    (request) => listAllOrders(app.db, orders, request.query),
  );

  app.post(
    "/orders/:id/ship",
    {
      onRequest: app.requireAdmin,
      schema: {
        ...command("Ship a paid order with its carrier and tracking number (admin); any other status is 409"),
        body: shipOrderBodySchema,
      },
    },
    (request) => shipOrder(orders, request.params.id, request.body),
  );

  app.post(
    "/orders/:id/deliver",
    {
      onRequest: app.requireAdmin,
      schema: command("Mark a shipped order delivered (admin); otherwise 409"),
    },
    (request) => deliverOrder(orders, request.params.id),
  );

  app.post(
    "/orders/:id/cancel",
    {
      onRequest: app.requireAdmin,
      schema: command("Cancel an unpaid order and release its stock (admin); otherwise 409"),
    },
    (request) => cancelOrder(orders, request.params.id),
  );

  app.post(
    "/orders/:id/refund",
    {
      onRequest: app.requireAdmin,
      schema: command(
        "Refund a paid order in full through the gateway and restock it (admin); otherwise 409",
      ),
    },
    (request) => refundOrder(orders, request.params.id),
  );
};

import { apiErrorSchema } from "@toolshop/shared/errors";
import { orderDetailSchema } from "@toolshop/shared/order-detail";
import { orderIdParamsSchema } from "@toolshop/shared/orders";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentUser } from "../../plugins/auth/guards";
import type { OrdersContext } from "./context";
import { getOrderDetail } from "./detail-service";

const errors = (...codes: (400 | 401 | 403 | 404)[]) =>
  Object.fromEntries(codes.map((code) => [code, apiErrorSchema]));

/**
 * The order page (issue 11). Not GET /orders/:id: GET /orders/:email already takes that shape (an
 * email), so an id there would be read as an email. /orders/:id/detail sits beside the admins'
 * /orders/:id/ship and friends.
 */
export const orderDetailRoutes: FastifyPluginAsyncZod<{ orders: OrdersContext }> = async (
  app,
  { orders },
) => {
  app.get(
    "/orders/:id/detail",
    {
      onRequest: app.requireUser,
      schema: {
        security: [{ bearerAuth: [] }],
        tags: ["orders"],
        summary:
          "One order with its receipt number, status history, shipment and tracking link (owner or admin)",
        params: orderIdParamsSchema,
        response: { 200: orderDetailSchema, ...errors(400, 401, 403, 404) },
      },
    },
    (request) => getOrderDetail(orders, currentUser(request), request.params.id),
  );
};

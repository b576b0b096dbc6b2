import {
  ADMIN_ORDERS_PAGE_SIZE,
  adminOrdersQuerySchema,
  shipOrderBodySchema,
  TOTAL_COUNT_HEADER,
  TOTAL_ESTIMATED_HEADER,
} from "@toolshop/shared/admin-orders";
import { apiErrorSchema } from "@toolshop/shared/errors";
import { orderIdParamsSchema, orderSchema, refundLinesBodySchema } from "@toolshop/shared/orders";
import { NEXT_CURSOR_HEADER } from "@toolshop/shared/paths";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { cancelOrder, deliverOrder, EXACT_TOTAL_LIMIT, listAllOrders, shipOrder } from "./admin-service";
import type { OrdersContext } from "./context";
import { createEstimatedTotals, ESTIMATE_KEPT_MS } from "./estimated-totals";
import { refundOrder, refundOrderLines } from "./refunds";

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
  const estimatedTotals = createEstimatedTotals();
  app.get(
    "/orders",
    {
      onRequest: app.requireAdmin,
      schema: {
        security: [{ bearerAuth: [] }],
        tags: ["orders"],
        summary: "Every order, newest first, in pages; by status, date range and search (admin)",
        description: [
          "Without a status, every order, cancelled ones too. q: an order number (TS-000123, ts-123, 123)",
          "or the start of the customer's email (case-insensitive); from/to: UTC days, both included.",
          `The body is an array of up to limit orders (default ${ADMIN_ORDERS_PAGE_SIZE}); the ${NEXT_CURSOR_HEADER}`,
          "header carries the next page's cursor and is absent after the last page.",
          `The first page (no cursor) also says how many orders match in ${TOTAL_COUNT_HEADER}: an exact count`,
          `up to ${EXACT_TOTAL_LIMIT} matches; beyond that, an exact count would scan every match, so it is`,
          `PostgreSQL's row estimate for the same filter (EXPLAIN) and ${TOTAL_ESTIMATED_HEADER} is "true".`,
          `An estimate is answered again for ${ESTIMATE_KEPT_MS / 1000} s per filter.`,
        ].join(" "),
        querystring: adminOrdersQuerySchema,
        response: { 200: z.array(orderSchema), ...errors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const page = await listAllOrders(app.db, orders, request.query, estimatedTotals);
      if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
      if (page.total) {
        reply.header(TOTAL_COUNT_HEADER, String(page.total.count));
        reply.header(TOTAL_ESTIMATED_HEADER, String(page.total.estimated));
      }
      return page.orders;
    },
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
      schema: {
        ...command(
          "Refund a paid order in full, or chosen units of its lines, through the gateway and restock them (admin)",
        ),
        description:
          "Without a body: the whole order, which must be paid (otherwise 409). With `{lines: [{toolId, quantity}]}`: those units of a paid, shipped or delivered order; their amount is refunded at the gateway, their stock goes back, and a paid order becomes refunded once every line is. A tool not in the order or more units than are left to refund is 409, naming every such line. Each refund is recorded before the gateway is asked: asked again after a failure, the same refund is finished, never paid out twice; while one is under way, a refund of the whole order, or of units it takes, is 409.",
        body: refundLinesBodySchema.nullish(),
      },
    },
    (request) =>
      request.body
        ? refundOrderLines(orders, request.params.id, request.body)
        : refundOrder(orders, request.params.id),
  );
};

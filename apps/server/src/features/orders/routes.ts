import { apiErrorSchema } from "@toolshop/shared/errors";
import {
  createOrderBodySchema,
  deleteOrderResponseSchema,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  ORDER_LINES_REPEATED,
  ORDERS_PAGE_SIZE,
  orderIdParamsSchema,
  orderSchema,
  ordersByEmailParamsSchema,
  ordersPageQuerySchema,
} from "@toolshop/shared/orders";
import { NEXT_CURSOR_HEADER } from "@toolshop/shared/paths";
import {
  confirmOrderPaymentBodySchema,
  createPaymentIntentBodySchema,
  createPaymentIntentResponseSchema,
} from "@toolshop/shared/payments";
import type { FastifyInstance } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { HttpError } from "../../lib/http-errors";
import { currentUser } from "../../plugins/auth/guards";
import { isAdmin } from "../../policy/access-policy";
import { invoiceSettings } from "../invoices/settings";
import { enqueueMail } from "../jobs/mail-queue";
import type { PaymentGateway } from "../payments/gateway";
import { appRestockMailer } from "../stock-alerts/restock";
import { linesWithToolIds } from "../tools/skus";
import type { OrdersContext } from "./context";
import { EXPIRY_CHECK_INTERVAL_MS, expireUnpaidOrders } from "./expiry";
import { IDEMPOTENCY_PRUNE_INTERVAL_MS, pruneExpiredIdempotencyKeys } from "./idempotency-keys";
import { confirmPayment, startPayment } from "./payment";
import { createOrder } from "./place-order";
import { REFUND_RECOVERY_INTERVAL_MS, resumePendingRefunds } from "./refunds";
import { deleteOrder, getOrderForPayment, listOrdersFor } from "./service";

/** The orders context of the running app: its database, currency, gateway and event bus. */
export function createOrdersContext(app: FastifyInstance, gateway: PaymentGateway): OrdersContext {
  return {
    db: app.db,
    currency: app.config.currency,
    gateway,
    maxUnpaidOrders: app.config.maxUnpaidOrdersPerCustomer,
    unpaidOrderHoldMinutes: app.config.unpaidOrderHoldMinutes,
    tax: app.config.tax,
    events: app.events,
    invoicing: invoiceSettings(app.config),
    mails: { enqueue: (tx, mail) => enqueueMail(app.jobs, tx, { kind: "order", order: mail }) },
    restocked: appRestockMailer(app),
  };
}

const errors = (...codes: (400 | 401 | 402 | 403 | 404 | 409 | 422)[]) =>
  Object.fromEntries(codes.map((code) => [code, apiErrorSchema]));

const idempotencyHeaders = z.looseObject({
  "idempotency-key": z
    .string()
    .min(1, "The Idempotency-Key header must not be empty")
    .max(
      IDEMPOTENCY_KEY_MAX_LENGTH,
      `The Idempotency-Key header must be at most ${IDEMPOTENCY_KEY_MAX_LENGTH} characters`,
    )
    .optional(),
});

export const ordersRoutes: FastifyPluginAsyncZod<{ orders: OrdersContext }> = async (app, { orders }) => {
  app.jobs.runPeriodically({
    name: "expire-unpaid-orders",
    title: "releasing expired reservations",
    everyMs: EXPIRY_CHECK_INTERVAL_MS,
    run: async (signal) => {
      await expireUnpaidOrders(orders, new Date(), signal);
    },
  });
  app.jobs.runPeriodically({
    name: "finish-pending-refunds",
    title: "finishing pending refunds",
    everyMs: REFUND_RECOVERY_INTERVAL_MS,
    run: async (signal) => {
      const { completed, refused, failed } = await resumePendingRefunds(orders, new Date(), signal);
      if (completed > 0) app.log.info({ completed }, "pending refunds finished");
      // Refused: the gateway paid nothing out, so the record is closed and the admin may refund again.
      if (refused.length > 0) app.log.warn({ refused }, "pending refunds refused by the gateway");
      for (const { id, error } of failed)
        app.log.error({ err: error, refund: id }, "pending refund not finished");
    },
  });
  app.jobs.runPeriodically({
    name: "prune-idempotency-keys",
    title: "pruning expired Idempotency-Keys",
    everyMs: IDEMPOTENCY_PRUNE_INTERVAL_MS,
    run: async () => {
      await pruneExpiredIdempotencyKeys(app.db);
    },
  });

  app.post(
    "/orders",
    {
      onRequest: app.requireUser,
      schema: {
        security: [{ bearerAuth: [] }],
        tags: ["orders"],
        summary: "Place an order; name, image, prices and email come from the tool and the token",
        description:
          "Reserves the stock in the same transaction. A repeated request with the same Idempotency-Key answers the first order as it is now (header Idempotent-Replayed: true), or 409 if it was deleted since; the same key with a different body answers 422. A customer holding MAX_UNPAID_ORDERS_PER_CUSTOMER unpaid orders is refused (409).",
        headers: idempotencyHeaders,
        body: createOrderBodySchema,
        response: { 201: orderSchema, ...errors(400, 401, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      const { lines, ...rest } = request.body;
      // A line may name its tool by SKU: the order core places lines by tool id.
      const body = lines
        ? { ...rest, lines: await linesWithToolIds(app.db, lines, ORDER_LINES_REPEATED) }
        : rest;
      const { order, replayed } = await createOrder(
        orders,
        currentUser(request),
        body,
        request.headers["idempotency-key"],
      );
      if (replayed) reply.header("idempotent-replayed", "true");
      return reply.code(201).send(order);
    },
  );

  app.get(
    "/orders/:email",
    {
      onRequest: app.requireUser,
      schema: {
        security: [{ bearerAuth: [] }],
        tags: ["orders"],
        summary: "A customer's orders, newest first, in pages (that customer or an admin)",
        description: `The body is the spec's array: up to limit orders (default ${ORDERS_PAGE_SIZE}). The ${NEXT_CURSOR_HEADER} header carries the next page's cursor (pass it as ?cursor=) and is absent after the last page.`,
        params: ordersByEmailParamsSchema,
        querystring: ordersPageQuerySchema,
        response: { 200: z.array(orderSchema), ...errors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const email = request.params.email.toLowerCase();
      if (email !== user.email.toLowerCase() && !(await isAdmin(app.db, user.id))) {
        throw new HttpError(403, "You can only see your own orders.");
      }
      const page = await listOrdersFor(orders, email, request.query);
      if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
      return page.orders;
    },
  );

  app.delete(
    "/orders/:id",
    {
      onRequest: app.requireUser,
      schema: {
        security: [{ bearerAuth: [] }],
        tags: ["orders"],
        summary: "Delete an unpaid order and release its stock (owner or admin)",
        params: orderIdParamsSchema,
        response: { 200: deleteOrderResponseSchema, ...errors(400, 401, 403, 409) },
      },
    },
    (request) => deleteOrder(orders, currentUser(request), request.params.id),
  );

  app.get(
    "/payment/:id",
    {
      onRequest: app.requireUser,
      schema: {
        security: [{ bearerAuth: [] }],
        tags: ["payments"],
        summary: "The order its owner is about to pay",
        params: orderIdParamsSchema,
        response: { 200: orderSchema, ...errors(400, 401, 403, 404) },
      },
    },
    (request) => getOrderForPayment(orders, currentUser(request), request.params.id),
  );

  app.post(
    "/create-payment-intent",
    {
      onRequest: app.requireUser,
      schema: {
        security: [{ bearerAuth: [] }],
        tags: ["payments"],
        summary: "The client secret for paying an order's total (owner); one open payment per order",
        body: createPaymentIntentBodySchema,
        response: { 200: createPaymentIntentResponseSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    (request) => startPayment(orders, currentUser(request), request.body.orderId),
  );

  app.patch(
    "/orders/:id",
    {
      onRequest: app.requireUser,
      schema: {
        security: [{ bearerAuth: [] }],
        tags: ["payments"],
        summary: "Mark an order paid, once the gateway confirms this payment for this order and amount",
        params: orderIdParamsSchema,
        body: confirmOrderPaymentBodySchema,
        response: { 200: orderSchema, ...errors(400, 401, 402, 403, 404, 409) },
      },
    },
    (request) => confirmPayment(orders, currentUser(request), request.params.id, request.body.transactionId),
  );
};

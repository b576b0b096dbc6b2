import { apiErrorSchema } from "@toolshop/shared/errors";
import {
  shippingMethodBodySchema,
  shippingMethodIdParamsSchema,
  shippingMethodSchema,
  shippingOptionsBodySchema,
  shippingOptionsSchema,
} from "@toolshop/shared/shipping";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  createShippingMethod,
  deleteShippingMethod,
  listShippingMethods,
  shippingOptions,
  updateShippingMethod,
} from "./service";

const errors = (...codes: (400 | 401 | 403 | 404 | 409)[]) =>
  Object.fromEntries(codes.map((code) => [code, apiErrorSchema]));

/** Shipping (decision 0067): the owner keeps the methods; anyone may ask what a cart costs to ship. */
export const shippingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { currency } = app.config;

  app.post(
    "/shipping/options",
    {
      schema: {
        tags: ["shipping"],
        summary: "What these lines cost to ship to a country, by each method offered",
        description:
          "Each active method that serves the country (pickup and a method of no countries serve every one), with its charge for the lines at today's prices: on the tools' prices' footing, taxed like a line at checkout. `countries` lists every country some active method names (what to ask the customer to choose from; empty when no method restricts). No options: the shop offers no shipping methods, and an order needs none. Send the chosen method's charge back as the order's `shipping.charge`.",
        body: shippingOptionsBodySchema,
        response: { 200: shippingOptionsSchema, ...errors(400, 404) },
      },
    },
    (request) => shippingOptions(app.db, currency, request.body),
  );

  app.get(
    "/shipping-methods",
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ["shipping"],
        summary: "Every shipping method, in the order checkout shows them (admin)",
        security: [{ bearerAuth: [] }],
        response: { 200: z.array(shippingMethodSchema), ...errors(401, 403) },
      },
    },
    () => listShippingMethods(app.db, currency),
  );

  app.post(
    "/shipping-methods",
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ["shipping"],
        summary: "Add a shipping method (admin), last in the order",
        security: [{ bearerAuth: [] }],
        body: shippingMethodBodySchema,
        response: { 201: shippingMethodSchema, ...errors(400, 401, 403) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createShippingMethod(app.db, currency, request.body)),
  );

  app.put(
    "/shipping-methods/:id",
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ["shipping"],
        summary: "Change a shipping method (admin); orders placed keep the charge they were placed with",
        security: [{ bearerAuth: [] }],
        params: shippingMethodIdParamsSchema,
        body: shippingMethodBodySchema,
        response: { 200: shippingMethodSchema, ...errors(400, 401, 403, 404) },
      },
    },
    (request) => updateShippingMethod(app.db, currency, request.params.id, request.body),
  );

  app.delete(
    "/shipping-methods/:id",
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ["shipping"],
        summary: "Delete a shipping method (admin); orders placed keep its name and charge",
        security: [{ bearerAuth: [] }],
        params: shippingMethodIdParamsSchema,
        response: { 200: z.object({ deletedCount: z.number().int() }), ...errors(400, 401, 403) },
      },
    },
    (request) => deleteShippingMethod(app.db, request.params.id),
  );
};

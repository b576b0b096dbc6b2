import {
  attributeIdParamsSchema,
  attributeSchema,
  createAttributeBodySchema,
  toolAttributeSchema,
  toolAttributeValuesBodySchema,
} from "@toolshop/shared/attributes";
import { apiErrorSchema } from "@toolshop/shared/errors";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  type AttributesContext,
  createAttribute,
  deleteAttribute,
  listAttributes,
  setToolAttributes,
} from "./service";

const errors = (...codes: (400 | 401 | 403 | 404 | 409)[]) =>
  Object.fromEntries(codes.map((code) => [code, apiErrorSchema]));

/** The owner's specifications (decision 0060): anyone may read them, only an admin change them. */
export const attributesRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx: AttributesContext = { db: app.db, events: app.events };

  app.get(
    "/attributes",
    {
      schema: {
        tags: ["attributes"],
        summary: "The attributes tools are specified by, in the owner's order",
        response: { 200: z.array(attributeSchema) },
      },
    },
    () => listAttributes(app.db),
  );

  app.post(
    "/attributes",
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ["attributes"],
        summary: "Define an attribute (admin): a number with a unit, a choice, yes/no or short text",
        security: [{ bearerAuth: [] }],
        body: createAttributeBodySchema,
        response: { 201: attributeSchema, ...errors(400, 401, 403, 409) },
      },
    },
    async (request, reply) => reply.code(201).send(await createAttribute(ctx, request.body)),
  );

  app.delete(
    "/attributes/:id",
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ["attributes"],
        summary: "Delete an attribute and every tool's value of it (admin)",
        security: [{ bearerAuth: [] }],
        params: attributeIdParamsSchema,
        response: { 200: z.object({ deletedCount: z.number().int() }), ...errors(400, 401, 403) },
      },
    },
    (request) => deleteAttribute(ctx, request.params.id),
  );

  app.put(
    "/tools/:id/attributes",
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ["attributes"],
        summary: "Set a tool's whole list of specification values (admin)",
        description:
          "Each key names an attribute of the tool's category (or a category above it; an attribute of no category fits every tool), each value fits its kind: a number, one of the choices (any case), true or false, or one line of text.",
        security: [{ bearerAuth: [] }],
        params: z.object({ id: z.uuid("That is not a tool's id") }),
        body: toolAttributeValuesBodySchema,
        response: { 200: z.array(toolAttributeSchema), ...errors(400, 401, 403, 404) },
      },
    },
    (request) => setToolAttributes(ctx, request.params.id, request.body),
  );
};

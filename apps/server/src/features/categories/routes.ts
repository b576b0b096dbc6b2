import {
  type CategoryTree,
  categoryIdParamsSchema,
  categorySchema,
  categoryTreeSchema,
  createCategoryBodySchema,
  deleteCategoryResponseSchema,
  updateCategoryBodySchema,
} from "@toolshop/shared/categories";
import { apiErrorSchema } from "@toolshop/shared/errors";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { CachedRead } from "../../plugins/catalogue-cache";
import {
  type CategoriesContext,
  categoryTreeAnswer,
  createCategory,
  deleteCategory,
  updateCategory,
} from "./service";

const errors = (...codes: (400 | 401 | 403 | 404 | 409)[]) =>
  Object.fromEntries(codes.map((code) => [code, apiErrorSchema]));

/** The category tree: public to read (cached with the catalogue), the admin's to change. */
export const categoriesRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx: CategoriesContext = { db: app.db, events: app.events };
  // In the tools' scope: its tool counts change with the tools, its names with CategoryChanged.
  const tree: CachedRead<CategoryTree> = {
    scope: "tools",
    key: "categories",
    schema: categoryTreeSchema,
    load: () => categoryTreeAnswer(app.db),
  };

  app.get(
    "/categories",
    {
      schema: {
        tags: ["categories"],
        summary: "The category tree, depth first",
        description:
          "Each category right after its parent, siblings in the owner's order. Served from the catalogue cache with a strong ETag; If-None-Match answers 304.",
        response: { 200: categoryTreeSchema },
      },
    },
    (request, reply) => app.catalogueCache.serve(request, reply, tree),
  );

  app.post(
    "/categories",
    {
      onRequest: app.requireAdmin,
      schema: {
        security: [{ bearerAuth: [] }],
        tags: ["categories"],
        summary: "Add a category (admin), last among its siblings",
        body: createCategoryBodySchema,
        response: { 201: categorySchema, ...errors(400, 401, 403, 409) },
      },
    },
    async (request, reply) => reply.code(201).send(await createCategory(ctx, request.body)),
  );

  app.patch(
    "/categories/:id",
    {
      onRequest: app.requireAdmin,
      schema: {
        security: [{ bearerAuth: [] }],
        tags: ["categories"],
        summary: "Rename a category, move it under another parent, or up or down among its siblings (admin)",
        description:
          "A new parent puts it last there. A slug or a sibling's name already taken answers 409; a parent that is the category itself or lies under it answers 400.",
        params: categoryIdParamsSchema,
        body: updateCategoryBodySchema,
        response: { 200: categorySchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    (request) => updateCategory(ctx, request.params.id, request.body),
  );

  app.delete(
    "/categories/:id",
    {
      onRequest: app.requireAdmin,
      schema: {
        security: [{ bearerAuth: [] }],
        tags: ["categories"],
        summary: "Delete a category without tools and without sub-categories (admin)",
        params: categoryIdParamsSchema,
        response: { 200: deleteCategoryResponseSchema, ...errors(400, 401, 403, 409) },
      },
    },
    (request) => deleteCategory(ctx, request.params.id),
  );
};

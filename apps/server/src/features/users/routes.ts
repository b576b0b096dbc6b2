import { apiErrorSchema } from "@toolshop/shared/errors";
import { makeAdminResponseSchema, shopUserListSchema } from "@toolshop/shared/users";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { HttpError } from "../../lib/http-errors";
import { listUsers, promoteToAdmin } from "./service";

const errors = { 401: apiErrorSchema, 403: apiErrorSchema };

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/user",
    {
      preHandler: app.requireAdmin,
      schema: {
        tags: ["users"],
        summary: "Every shop user with their email and role (admins only)",
        security: [{ bearerAuth: [] }],
        response: { 200: shopUserListSchema, ...errors },
      },
    },
    () => listUsers(app.db),
  );

  app.put(
    "/user/admin/:email",
    {
      preHandler: app.requireAdmin,
      schema: {
        tags: ["users"],
        summary: "Make the user with this email an admin (admins only); modifiedCount 0 if they already are",
        security: [{ bearerAuth: [] }],
        params: z.object({ email: z.string().trim().min(1, "The email is missing").max(320) }),
        response: { 200: makeAdminResponseSchema, 404: apiErrorSchema, ...errors },
      },
    },
    async (request) => {
      const modifiedCount = await promoteToAdmin(app.db, request.params.email);
      if (modifiedCount === null) throw new HttpError(404, "There is no user with this email.");
      request.log.info({ modifiedCount }, "user promoted to admin");
      return { modifiedCount };
    },
  );
};

import { apiErrorSchema } from "@toolshop/shared/errors";
import { NEXT_CURSOR_HEADER } from "@toolshop/shared/paths";
import {
  CANNOT_REVOKE_CONFIGURED_ADMIN,
  CANNOT_REVOKE_LAST_ADMIN,
  CANNOT_REVOKE_OWN_ADMIN,
  makeAdminResponseSchema,
  shopUserListSchema,
  usersQuerySchema,
} from "@toolshop/shared/users";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { HttpError } from "../../lib/http-errors";
import { currentUser } from "../../plugins/auth/guards";
import { listUsers, promoteToAdmin, revokeAdmin } from "./service";

const errors = { 401: apiErrorSchema, 403: apiErrorSchema };
const emailParams = z.object({ email: z.string().trim().min(1, "The email is missing").max(254) });
const NO_SUCH_USER = "There is no user with this email.";

/** A change of role is a security event: who did it, to whom, from where, in which request. */
function logRoleChange(request: FastifyRequest, event: "admin.promoted" | "admin.revoked", target: string) {
  request.log.info(
    { event, actor: currentUser(request).email, target, ip: request.ip, reqId: request.id },
    "security event",
  );
}

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/user",
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ["users"],
        summary: "Shop users with their email and role, oldest first, one page at a time (admins only)",
        description: `Without parameters, the first page. q: emails starting with this text; role: admin or user; cursor: the ${NEXT_CURSOR_HEADER} header of the previous page, absent after the last page.`,
        security: [{ bearerAuth: [] }],
        querystring: usersQuerySchema,
        response: { 200: shopUserListSchema, 400: apiErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const page = await listUsers(app.db, request.query);
      if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
      return page.users;
    },
  );

  app.put(
    "/user/admin/:email",
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ["users"],
        summary: "Make the user with this email an admin (admins only); modifiedCount 0 if they already are",
        security: [{ bearerAuth: [] }],
        params: emailParams,
        response: { 200: makeAdminResponseSchema, 404: apiErrorSchema, ...errors },
      },
    },
    async (request) => {
      const modifiedCount = await promoteToAdmin(app.db, request.params.email);
      if (modifiedCount === null) throw new HttpError(404, NO_SUCH_USER);
      if (modifiedCount > 0) logRoleChange(request, "admin.promoted", request.params.email);
      return { modifiedCount };
    },
  );

  app.delete(
    "/user/admin/:email",
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ["users"],
        summary:
          "Make an admin a customer again (admins only); never yourself (403), never the last admin nor an address of ADMIN_EMAILS (409)",
        security: [{ bearerAuth: [] }],
        params: emailParams,
        response: { 200: makeAdminResponseSchema, 404: apiErrorSchema, 409: apiErrorSchema, ...errors },
      },
    },
    async (request) => {
      const target = request.params.email.toLowerCase();
      if (target === currentUser(request).email.toLowerCase())
        throw new HttpError(403, CANNOT_REVOKE_OWN_ADMIN);
      const outcome = await revokeAdmin(app.db, target, app.config.adminEmails);
      if (outcome === "no-such-user") throw new HttpError(404, NO_SUCH_USER);
      if (outcome === "last-admin") throw new HttpError(409, CANNOT_REVOKE_LAST_ADMIN);
      if (outcome === "configured-admin") throw new HttpError(409, CANNOT_REVOKE_CONFIGURED_ADMIN);
      if (outcome.modifiedCount > 0) logRoleChange(request, "admin.revoked", target);
      return outcome;
    },
  );
};

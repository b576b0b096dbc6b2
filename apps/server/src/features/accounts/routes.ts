import { accessTokenResponseSchema, adminStatusSchema } from "@toolshop/shared/auth";
import { apiErrorSchema } from "@toolshop/shared/errors";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { HttpError } from "../../lib/http-errors";
import { currentUser } from "../../plugins/auth/guards";
import { forwardCookies, toWebHeaders } from "../../plugins/auth/web-headers";
import { isAdmin } from "../../policy/access-policy";
import { madeBeforeItsAccount } from "../../policy/address-claims";
import { normalizeEmail, upsertShopUser } from "./service";

const emailParams = z.object({ email: z.string().min(1) });
export const MADE_BEFORE_ACCOUNT_MESSAGE =
  "This address was given a role before its account existed: open the verification link mailed to it, then sign in again.";
const errors = { 401: apiErrorSchema, 403: apiErrorSchema, 429: apiErrorSchema };

export const accountsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    "/user/:email",
    {
      schema: {
        tags: ["accounts"],
        summary:
          "The access token for the holder of an identity session (cookie) for this email; creates the shop user on first use",
        params: emailParams,
        response: { 200: accessTokenResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const email = normalizeEmail(request.params.email);
      await app.enforceRateLimit(request, reply, "tokenIssue", email);

      const { headers, response: session } = await app.identity.api.getSession({
        headers: toWebHeaders(request),
        returnHeaders: true,
      });
      // A refreshed session cookie travels back with the token.
      forwardCookies(reply, headers);
      if (!session) throw new HttpError(401, "Please sign in first: there is no sign-in session.");
      if (normalizeEmail(session.user.email) !== email) {
        throw new HttpError(403, "You can only get an access token for your own email.");
      }

      // A shop user made for this address before it had an account (an admin grant from the command
      // line) is handed, with its role, only to an account that proved the address.
      if (!session.user.emailVerified && (await madeBeforeItsAccount(app.db, email))) {
        throw new HttpError(403, MADE_BEFORE_ACCOUNT_MESSAGE);
      }
      const user = await upsertShopUser(app.db, {
        email,
        displayName: session.user.name,
        // ADMIN_EMAILS names the owner's addresses: only someone who proved the address (its
        // verification link, or a provider that vouches for it) gets the role, never a look-alike sign-up.
        admin: session.user.emailVerified && app.config.adminEmails.includes(email),
      });
      const sessionId = session.session.id;
      return { accessToken: await app.accessTokens.sign({ id: user.id, email: user.email, sessionId }) };
    },
  );

  app.get(
    "/admin/:email",
    {
      onRequest: app.requireUser,
      schema: {
        tags: ["accounts"],
        summary: "Whether the signed-in user (this email only) is an admin",
        security: [{ bearerAuth: [] }],
        params: emailParams,
        response: { 200: adminStatusSchema, ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      if (normalizeEmail(request.params.email) !== normalizeEmail(user.email)) {
        throw new HttpError(403, "You can only ask about your own account.");
      }
      return { admin: await isAdmin(app.db, user.id) };
    },
  );
};

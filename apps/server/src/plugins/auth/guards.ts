import { users } from "@toolshop/db/schema";
import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from "fastify";
import { HttpError } from "../../lib/http-errors";
import { type AccessTokens, accessTokens, type TokenUser } from "./access-token";

declare module "fastify" {
  interface FastifyInstance {
    accessTokens: AccessTokens;
    /** preHandler: a valid `Authorization: Bearer <access token>`, else 401. Sets `request.user`. */
    requireUser: preHandlerAsyncHookHandler;
    /** preHandler: requireUser, and the user's role in the users table is admin, else 403. */
    requireAdmin: preHandlerAsyncHookHandler;
  }
  interface FastifyRequest {
    /** Set by requireUser; null on routes without it. */
    user: TokenUser | null;
  }
}

const SIGN_IN_MESSAGE = "Please sign in to continue.";
const EXPIRED_MESSAGE = "Your sign-in has expired or is not valid. Please sign in again.";
const NOT_ADMIN_MESSAGE = "Only an admin can do this.";

/** The access tokens and the guards every protected route uses. */
export function registerAuthGuards(app: FastifyInstance, authSecret: string): void {
  const tokens = accessTokens(authSecret);
  app.decorate("accessTokens", tokens);
  app.decorateRequest("user", null);

  // No database call: any API process can check a token on its own.
  const requireUser: preHandlerAsyncHookHandler = async (request) => {
    const token = bearerToken(request);
    if (!token) throw new HttpError(401, SIGN_IN_MESSAGE);
    try {
      request.user = await tokens.verify(token);
    } catch {
      throw new HttpError(401, EXPIRED_MESSAGE);
    }
  };

  // The role is read fresh: a revoked admin loses access at once, not when the token expires.
  const requireAdmin: preHandlerAsyncHookHandler = async function (request, reply) {
    await requireUser.call(this, request, reply);
    const [row] = await app.db
      .select({ role: users.role })
      .from(users)
      .where(eq(users.id, currentUser(request).id));
    if (row?.role !== "admin") throw new HttpError(403, NOT_ADMIN_MESSAGE);
  };

  app.decorate("requireUser", requireUser);
  app.decorate("requireAdmin", requireAdmin);
}

/** The signed-in user of a route guarded by requireUser or requireAdmin. */
export function currentUser(request: FastifyRequest): TokenUser {
  if (!request.user) throw new HttpError(401, SIGN_IN_MESSAGE);
  return request.user;
}

function bearerToken(request: FastifyRequest): string | undefined {
  const match = request.headers.authorization?.match(/^Bearer\s+(\S+)\s*$/i);
  return match?.[1];
}

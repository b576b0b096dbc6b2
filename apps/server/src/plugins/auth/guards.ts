import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from "fastify";
import { HttpError } from "../../lib/http-errors";
import { isAdmin } from "../../policy/access-policy";
import { type AccessTokens, accessTokens, type TokenUser } from "./access-token";

declare module "fastify" {
  interface FastifyInstance {
    accessTokens: AccessTokens;
    /**
     * onRequest: a valid `Authorization: Bearer <access token>` of a live session, else 401. Sets
     * `request.user`. An onRequest hook runs before the body is read or validated, so a stranger learns
     * nothing about a route's schema (401/403, never a 400 that describes it).
     */
    requireUser: onRequestAsyncHookHandler;
    /** onRequest: requireUser, and the user's role in the users table is admin, else 403. */
    requireAdmin: onRequestAsyncHookHandler;
    /**
     * onRequest: requireUser when an Authorization header is sent (a bad token is still a 401), nothing
     * without one: for routes that anyone may call and that a signed-in caller's account changes.
     */
    optionalUser: onRequestAsyncHookHandler;
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

  // No database call: the signature proves the token, and the session it is bound to is looked up in
  // the revocation set (Redis or this process), so a sign-out or password reset ends it everywhere.
  const requireUser: onRequestAsyncHookHandler = async (request) => {
    const token = bearerToken(request);
    if (!token) throw new HttpError(401, SIGN_IN_MESSAGE);
    let user: TokenUser;
    try {
      user = await tokens.verify(token);
    } catch {
      throw new HttpError(401, EXPIRED_MESSAGE);
    }
    if (await app.sessionRevocations.isRevoked(user.sessionId)) throw new HttpError(401, EXPIRED_MESSAGE);
    request.user = user;
  };

  // The policy reads the role fresh: a revoked admin loses access at once, not when the token expires.
  const requireAdmin: onRequestAsyncHookHandler = async function (request, reply) {
    await requireUser.call(this, request, reply);
    if (!(await isAdmin(app.db, currentUser(request).id))) throw new HttpError(403, NOT_ADMIN_MESSAGE);
  };

  app.decorate("requireUser", requireUser);
  app.decorate("requireAdmin", requireAdmin);
  const optionalUser: onRequestAsyncHookHandler = async function (request, reply) {
    if (request.headers.authorization === undefined) return;
    await requireUser.call(this, request, reply);
  };
  app.decorate("optionalUser", optionalUser);

  // A route that documents bearer security must check it in onRequest, before its body is read: a
  // guard in a later hook (preValidation, preHandler) would answer strangers with the schema's 400.
  const guards = new Set<unknown>([requireUser, requireAdmin, optionalUser]);
  app.addHook("onRoute", (route) => {
    const security = (route.schema as { security?: unknown[] } | undefined)?.security;
    if (!security?.length) return;
    const onRequest = [route.onRequest ?? []].flat();
    if (!onRequest.some((hook) => guards.has(hook))) {
      throw new Error(
        `${route.method} ${route.url} declares security but has no requireUser/requireAdmin in onRequest.`,
      );
    }
  });
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

// Our rules on the identity service's requests: the spec's sign-up validation, the password rule, the
// name rule, the rate limits and the failed sign-in log. They run in Better Auth's own hooks, after its
// router has chosen the endpoint and parsed the body: ctx.path is the endpoint's canonical path and
// ctx.body what the endpoint reads, whatever URL spelling (dot segments, backslashes, a query) or body
// encoding reached it. A table of raw request paths in front of Better Auth could be walked around.
import { AsyncLocalStorage } from "node:async_hooks";
import { passwordSchema, personNameSchema, signUpSchema } from "@toolshop/shared/auth";
import { EMAIL_MAX_LENGTH } from "@toolshop/shared/text";
import { APIError, createAuthMiddleware, isAPIError } from "better-auth/api";
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import { HttpError } from "../../lib/http-errors";
import type { RateLimitedAction } from "../rate-limits";

/** What identity-routes.ts shares with Better Auth's hooks while it answers one request. */
export interface IdentityRequestSlot {
  /** The Fastify request and reply: the client's address, the request log, Retry-After. */
  request: FastifyRequest;
  reply: FastifyReply;
  /** A refusal of ours (400, 429), answered in the API's own error shape instead of Better Auth's. */
  refusal?: HttpError;
  /** The error Better Auth met (it answers a bare 500 otherwise): a fault goes to the app's error handler. */
  error?: unknown;
}

/** Each request to /api/auth runs in a slot; server-side `identity.api` calls have none. */
export const identityRequests = new AsyncLocalStorage<IdentityRequestSlot>();

type Body = Record<string, unknown>;

interface RuleInput {
  body: Body;
  slot: IdentityRequestSlot | undefined;
  /** Counts the attempt; throws the 429 when over a limit. */
  limit(action: RateLimitedAction, account: string | undefined): Promise<void>;
  /** The email of the session the request carries (for endpoints that check its password). */
  sessionEmail(): Promise<string | undefined>;
}

/** Runs before one endpoint; may throw a refusal or answer a corrected body. */
type BeforeRule = (input: RuleInput) => Promise<Body | undefined>;

const text = (value: unknown) => (typeof value === "string" ? value : undefined);

/** Every endpoint that sends mail, checks a password or stores a name (Better Auth 1.7's paths). */
const BEFORE_RULES: Record<string, BeforeRule> = {
  "/sign-up/email": async ({ body, slot, limit }) => {
    await limit("signUp", text(body.email));
    const parsed = signUpSchema.safeParse({
      name: body.name ?? "",
      email: body.email ?? "",
      password: body.password ?? "",
    });
    if (!parsed.success) throw refuse(slot, new HttpError(400, messagesOf(parsed.error)));
    // The trimmed name and email are what gets stored.
    return { ...body, ...parsed.data };
  },
  "/sign-in/email": async ({ body, limit }) => {
    await limit("signIn", text(body.email));
    return undefined;
  },
  "/request-password-reset": async ({ body, limit }) => {
    await limit("accountMail", text(body.email));
    return undefined;
  },
  "/send-verification-email": async ({ body, limit }) => {
    await limit("accountMail", text(body.email));
    return undefined;
  },
  "/change-email": async ({ body, limit }) => {
    await limit("accountMail", text(body.newEmail));
    return undefined;
  },
  "/reset-password": async ({ body, slot }) => {
    checkNewPassword(slot, body);
    return undefined;
  },
  "/verify-email/new-password": async ({ body, slot }) => {
    checkNewPassword(slot, body);
    return undefined;
  },
  // The current password is checked: a guess, counted as a sign-in of the session's account.
  "/change-password": async ({ body, slot, limit, sessionEmail }) => {
    await limit("signIn", await sessionEmail());
    checkNewPassword(slot, body);
    return undefined;
  },
  "/verify-password": async ({ limit, sessionEmail }) => {
    await limit("signIn", await sessionEmail());
    return undefined;
  },
  "/delete-user": async ({ body, limit, sessionEmail }) => {
    if (body.password !== undefined) await limit("signIn", await sessionEmail());
    return undefined;
  },
  "/update-user": async ({ body, slot }) => {
    if (body.name === undefined) return undefined;
    const parsed = personNameSchema.safeParse(body.name);
    if (!parsed.success) throw refuse(slot, new HttpError(400, messagesOf(parsed.error)));
    return { ...body, name: parsed.data };
  },
};

/** Better Auth's `hooks` option. */
export function identityHooks(app: FastifyInstance, log: FastifyBaseLogger) {
  return {
    before: createAuthMiddleware(async (ctx) => {
      const rule = Object.hasOwn(BEFORE_RULES, ctx.path) ? BEFORE_RULES[ctx.path] : undefined;
      if (!rule) return;
      const slot = identityRequests.getStore();
      const corrected = await rule({
        body: isObject(ctx.body) ? ctx.body : {},
        slot,
        limit: async (action, account) => {
          // A server-side call has no client to count.
          if (!slot) return;
          try {
            await app.enforceRateLimit(slot.request, slot.reply, action, account);
          } catch (error) {
            if (error instanceof HttpError) throw refuse(slot, error);
            throw error;
          }
        },
        sessionEmail: async () => {
          // Read only (no session refresh, no cookie written): the endpoint checks the session itself.
          const cookie = ctx.context.authCookies.sessionToken.name;
          const token = await ctx.getSignedCookie(cookie, ctx.context.secret);
          if (!token) return undefined;
          return (await ctx.context.internalAdapter.findSession(token))?.user.email;
        },
      });
      // Better Auth merges this into the context the endpoint runs with.
      return corrected ? { context: { body: corrected } } : undefined;
    }),
    after: createAuthMiddleware(async (ctx) => {
      const returned = ctx.context.returned;
      if (ctx.path !== "/sign-in/email" || !isAPIError(returned)) return;
      // A security event: which account, from where, which request; never the password.
      const slot = identityRequests.getStore();
      const email = isObject(ctx.body) ? text(ctx.body.email) : undefined;
      (slot?.request.log ?? log).warn(
        {
          event: "sign-in-failed",
          account: email?.trim().toLowerCase().slice(0, EMAIL_MAX_LENGTH),
          clientIp: slot?.request.ip,
          requestId: slot?.request.id,
          status: returned.statusCode,
        },
        "sign-in failed",
      );
    }),
  };
}

/** Records our refusal for identity-routes.ts to answer, and stops Better Auth with an error of its own. */
function refuse(slot: IdentityRequestSlot | undefined, error: HttpError): APIError {
  if (slot) slot.refusal = error;
  return new APIError(error.statusCode === 429 ? "TOO_MANY_REQUESTS" : "BAD_REQUEST", {
    message: error.message,
  });
}

function checkNewPassword(slot: IdentityRequestSlot | undefined, body: Body): void {
  const parsed = passwordSchema.safeParse(body.newPassword ?? "");
  if (!parsed.success) throw refuse(slot, new HttpError(400, messagesOf(parsed.error)));
}

function isObject(value: unknown): value is Body {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The schema's own sentences in field order: each field's first problem ("password is required",
 * not also "1 capital letter 1number" for an empty password). */
function messagesOf(error: z.ZodError): string {
  const firstPerField = new Map<string, string>();
  for (const issue of error.issues) {
    const field = issue.path.join(".");
    if (!firstPerField.has(field)) firstPerField.set(field, issue.message);
  }
  return [...firstPerField.values()].join("; ");
}

// Better Auth's database hooks: every way a user or a session is written or removed passes here (sign-up,
// OAuth sign-in, profile update, sign-out, password reset, expiry), whichever endpoint did it.
import { NAME_MAX_LENGTH, toOneLine } from "@toolshop/shared/text";
import type { BetterAuthOptions } from "better-auth";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";

/** Sessions one user may hold at once; signing in once more ends the oldest. */
export const MAX_SESSIONS_PER_USER = 10;

/**
 * A name as the shop stores it: one line without direction controls, trimmed, at most NAME_MAX_LENGTH
 * characters. Sign-up and profile updates refuse a bad name with a message (identity-hooks.ts); this
 * bounds the rest, such as the name an OAuth provider sends, which the user cannot correct at the door.
 */
export function boundedName(name: string): string {
  const oneLine = toOneLine(name).trim();
  if (oneLine.length <= NAME_MAX_LENGTH) return oneLine;
  let cut = oneLine.slice(0, NAME_MAX_LENGTH);
  // Never half of a surrogate pair: that is not storable text.
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  return cut.trimEnd();
}

type DatabaseHooks = NonNullable<BetterAuthOptions["databaseHooks"]>;

export function identityDatabaseHooks(app: FastifyInstance, log: FastifyBaseLogger): DatabaseHooks {
  const named = async (user: { name?: unknown }) =>
    typeof user.name === "string" ? { data: { name: boundedName(user.name) } } : undefined;

  return {
    user: {
      create: { before: named },
      update: { before: named },
    },
    session: {
      create: {
        after: async (session, ctx) => {
          // Sessions are created inside an endpoint, which gives the internal adapter; its deletes run
          // the session-delete hook below, so the API tokens of the sessions it ends die too.
          const adapter = ctx?.context.internalAdapter;
          if (!adapter) return;
          try {
            const now = Date.now();
            const live = (await adapter.listSessions(session.userId))
              .filter((other) => new Date(other.expiresAt).getTime() > now)
              .sort((a, b) => newestFirst(a, b, session.id));
            const surplus = live.slice(MAX_SESSIONS_PER_USER).map((other) => other.token);
            if (surplus.length > 0) await adapter.deleteSessions(surplus);
          } catch (error) {
            // The new session is valid either way; the next sign-in trims again.
            log.error({ err: error }, "could not end the oldest sessions beyond the cap");
          }
        },
      },
      delete: {
        after: async (session) => {
          await app.sessionRevocations.revoke(session.id);
        },
      },
    },
  };
}

/** Newest first, the session just created before all others (two may share a millisecond). */
function newestFirst(
  a: { id: string; createdAt: Date },
  b: { id: string; createdAt: Date },
  current: string,
) {
  if (a.id === current) return -1;
  if (b.id === current) return 1;
  return new Date(b.createdAt).getTime() - new Date(a.createdAt).getTime();
}

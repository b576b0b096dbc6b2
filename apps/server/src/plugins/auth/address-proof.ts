// Proving an address never hands its account to whoever registered it. Anyone may sign up with any
// address and keep a password and sessions until the address is proven; then:
// - the verification link, opened in a browser signed in to that account (the one that signed up:
//   only the password's holder has such a session), simply verifies;
// - opened anywhere else (the mailbox's owner, perhaps not the one who signed up), it verifies nothing
//   until the opener chooses a new password: then every earlier way in (password, provider links,
//   sessions and their API tokens) ends, and the opener is signed in;
// - a provider that vouches for the address (Google/GitHub OIDC) takes the account over the same way.
// Only a proven address gets the admin role of ADMIN_EMAILS (features/accounts/routes.ts).
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthEndpoint, createAuthMiddleware } from "better-auth/api";
import { setSessionCookie } from "better-auth/cookies";
import { revokeUnprovenAccountAccess } from "better-auth/db";
import { jwtVerify } from "jose";
import { z } from "zod";

/** Better Auth's paths: the link it mails, and ours that verifies with a new password. */
export const VERIFY_EMAIL_PATH = "/verify-email";
export const VERIFY_WITH_NEW_PASSWORD_PATH = "/verify-email/new-password";
/** The code the link answers outside the account's session: the page then asks for a new password. */
export const NEW_PASSWORD_REQUIRED = "NEW_PASSWORD_REQUIRED";

type Context = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** The not yet verified user a verification token names; null for a bad, expired or used token. */
async function unprovenUser(ctx: Context, token: string) {
  let claims: Record<string, unknown>;
  try {
    const verified = await jwtVerify(token, new TextEncoder().encode(ctx.context.secret), {
      algorithms: ["HS256"],
    });
    claims = verified.payload;
  } catch {
    return null;
  }
  // A change of address (updateTo) is not a sign-up's proof; Better Auth handles those itself.
  if (typeof claims.email !== "string" || claims.updateTo !== undefined) return null;
  const found = await ctx.context.internalAdapter.findUserByEmail(claims.email.toLowerCase());
  if (!found || found.user.emailVerified) return null;
  if (typeof claims.userId === "string" && claims.userId !== found.user.id) return null;
  return found.user;
}

/** The user of the session cookie the request carries, read only (no refresh, no cookie written). */
async function sessionUserId(ctx: Context): Promise<string | undefined> {
  const token = await ctx.getSignedCookie(ctx.context.authCookies.sessionToken.name, ctx.context.secret);
  if (!token) return undefined;
  const found = await ctx.context.internalAdapter.findSession(token);
  return found && new Date(found.session.expiresAt).getTime() > Date.now() ? found.user.id : undefined;
}

/** `setPasswordPage`: the web page that asks for the new password (it gets `?token=`). */
export function addressProof(options: { setPasswordPage: string }) {
  return {
    id: "address-proof",
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === VERIFY_EMAIL_PATH,
          handler: createAuthMiddleware(async (ctx) => {
            const token = typeof ctx.query?.token === "string" ? ctx.query.token : "";
            const user = await unprovenUser(ctx, token);
            // Bad, expired and used links, and the registrant's own session: Better Auth as usual.
            if (!user || (await sessionUserId(ctx)) === user.id) return;
            if (ctx.query?.callbackURL) {
              throw ctx.redirect(`${options.setPasswordPage}?token=${encodeURIComponent(token)}`);
            }
            throw new APIError("FORBIDDEN", {
              code: NEW_PASSWORD_REQUIRED,
              message: "Choose a new password to verify this email address.",
            });
          }),
        },
      ],
    },
    endpoints: {
      verifyEmailWithNewPassword: createAuthEndpoint(
        VERIFY_WITH_NEW_PASSWORD_PATH,
        {
          method: "POST",
          body: z.object({ token: z.string().max(4096), newPassword: z.string() }),
        },
        async (ctx) => {
          const user = await unprovenUser(ctx, ctx.body.token);
          if (!user) {
            throw new APIError("BAD_REQUEST", { code: "INVALID_TOKEN", message: "Invalid or expired link" });
          }
          // The rule itself is checked before (identity-hooks.ts); hashed before anything changes.
          const hash = await ctx.context.password.hash(ctx.body.newPassword);
          const proven = await revokeUnprovenAccountAccess(ctx, user.id);
          const accounts = proven ? await ctx.context.internalAdapter.findAccounts(user.id) : [];
          // Another opener of the same link won the race (its password is in place).
          if (!proven || accounts.some((account) => account.providerId === "credential")) {
            throw new APIError("BAD_REQUEST", { code: "INVALID_TOKEN", message: "Invalid or expired link" });
          }
          await ctx.context.internalAdapter.linkAccount({
            userId: user.id,
            providerId: "credential",
            accountId: user.id,
            password: hash,
          });
          const session = await ctx.context.internalAdapter.createSession(user.id);
          await setSessionCookie(ctx, { session, user: proven });
          return ctx.json({ status: true });
        },
      ),
    },
    init: () => ({
      options: {
        databaseHooks: {
          account: {
            create: {
              // A provider linked to an existing account whose address is not proven yet. Better Auth
              // links one only when it vouches for the address (no provider is trusted blindly), so
              // the address is proven now: every earlier way in ends before the link is written.
              before: async (account, ctx) => {
                if (!ctx || account.providerId === "credential") return;
                const adapter = ctx.context.internalAdapter;
                const user = await adapter.findUserById(account.userId);
                if (!user || user.emailVerified) return;
                // A new user of this provider has nothing from before.
                if ((await adapter.findAccounts(user.id)).length === 0) return;
                await revokeUnprovenAccountAccess(ctx, user.id);
              },
            },
          },
        },
      },
    }),
  } satisfies BetterAuthPlugin;
}

// The identity service (Better Auth, self-hosted): email and password, verification and reset mails,
// Google-type and GitHub-type sign-in, sessions in the database.
import { setTimeout as delay } from "node:timers/promises";
import { authAccount, authSession, authUser, authVerification } from "@toolshop/db/schema";
import type { SocialProvider } from "@toolshop/shared/auth";
import { MIN_PASSWORD_LENGTH } from "@toolshop/shared/constants";
import { IDENTITY_BASE_PATH, POPUP_COMPLETE_PATH } from "@toolshop/shared/paths";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { betterAuth } from "better-auth/minimal";
import { type GenericOAuthConfig, genericOAuth } from "better-auth/plugins/generic-oauth";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { AppConfig } from "../../env";
import type { MailMessage } from "../mail";
import { addressProof } from "./address-proof";
import { existingAccountEmail, passwordResetEmail, verificationEmail } from "./emails";
import { identityHooks, identityRequests } from "./identity-hooks";
import { identityDatabaseHooks } from "./identity-records";

/** The web pages the mail links open. */
export const RESET_PASSWORD_PAGE = "/reset-password";
export const VERIFY_EMAIL_PAGE = "/verify-email";
export const LOGIN_PAGE = "/login";

export type Identity = ReturnType<typeof createIdentity>;

declare module "fastify" {
  interface FastifyInstance {
    /** Better Auth: `identity.handler(Request)` and the server-side `identity.api`. */
    identity: Identity;
  }
}

// How long start-up waits for the identity service to be ready (it fetches the discovery documents
// of providers configured with an issuer URL); after that it serves and Better Auth finishes later.
const STARTUP_WAIT_MS = 5000;

/** Creates the identity service, lets it finish its start-up and decorates `app.identity`. */
export async function registerIdentity(app: FastifyInstance, config: AppConfig): Promise<void> {
  const identity = createIdentity(app, config);
  const waiting = new AbortController();
  const ready = await Promise.race([
    identity.$context.then(() => true),
    delay(STARTUP_WAIT_MS, false, { signal: waiting.signal }),
  ]).finally(() => waiting.abort());
  if (!ready) app.log.warn("the identity service is still starting (an OAuth provider answers slowly)");
  app.decorate("identity", identity);
}

function createIdentity(app: FastifyInstance, config: AppConfig) {
  const log = app.log.child({ module: "identity" });
  // Mails go out after the answer: sign-up does not wait for (or fail with) the mail server, and a
  // reset request takes as long for an unknown address as for a known one.
  const sendInBackground = (message: MailMessage) => {
    app.mailer.send(message).catch((error: Error) => log.error({ err: error }, "could not send a mail"));
  };
  const { builtIn, discovered } = socialProviderSettings(config);

  return betterAuth({
    appName: "Toolshop",
    baseURL: config.publicUrl,
    basePath: IDENTITY_BASE_PATH,
    secret: config.authSecret,
    trustedOrigins: trustedOrigins(config.publicUrl),
    database: drizzleAdapter(app.db, {
      provider: "pg",
      schema: { user: authUser, session: authSession, account: authAccount, verification: authVerification },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      // Signing in is allowed before the address is confirmed.
      requireEmailVerification: false,
      // Sign-up signs no one in, so that it answers an address that has an account exactly as a new
      // one (Better Auth then answers a made-up user, after hashing the password all the same) and
      // mails the owner instead; the web signs in with the new password next.
      autoSignIn: false,
      onExistingUserSignUp: async ({ user }) => {
        sendInBackground({
          to: user.email,
          ...existingAccountEmail(user.name, `${config.publicUrl}${LOGIN_PAGE}`),
        });
      },
      // A reset ends every session of the account: someone who pre-registered the address, or who
      // knew the old password, is signed out (and their API tokens die with the sessions).
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => {
        const link = `${config.publicUrl}${RESET_PASSWORD_PAGE}?token=${encodeURIComponent(token)}`;
        sendInBackground({ to: user.email, ...passwordResetEmail(user.name, link) });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendVerificationEmail: async ({ user, url }) => {
        sendInBackground({ to: user.email, ...verificationEmail(user.name, verifyLink(url)) });
      },
    },
    // Our rules where Better Auth has routed and parsed the request (identity-hooks.ts).
    hooks: identityHooks(app, log),
    databaseHooks: identityDatabaseHooks(app, log),
    socialProviders: builtIn,
    account: {
      // A provider that vouches for the address may sign in to an account whose address is not proven
      // yet: it takes the account over (address-proof.ts), instead of the owner being locked out.
      accountLinking: { requireLocalEmailVerified: false },
    },
    plugins: [
      addressProof({ setPasswordPage: `${config.publicUrl}${VERIFY_EMAIL_PAGE}` }),
      ...(discovered.length > 0 ? [genericOAuth({ config: discovered })] : []),
    ],
    // Sign-in, sign-up and mail requests are limited by our own limiter (plugins/rate-limits.ts),
    // which several processes share through Redis.
    rateLimit: { enabled: false },
    // OAuth failures (a bad state, a cancelled consent) end on the popup page, which reports them.
    onAPIError: {
      errorURL: `${config.publicUrl}${POPUP_COMPLETE_PATH}`,
      onError: (error) => {
        // Left for identity-routes.ts, which hands a fault to the app's error handler.
        const slot = identityRequests.getStore();
        if (slot) slot.error = error;
      },
    },
    advanced: {
      useSecureCookies: config.publicUrl.startsWith("https://"),
      // Better Auth skips these checks when NODE_ENV is test; the tests must see the real behaviour.
      disableOriginCheck: false,
      disableCSRFCheck: false,
      cookiePrefix: "toolshop",
    },
    logger: identityLogger(log, config.logLevel),
    telemetry: { enabled: false },
  });
}

/** Built-in providers with real credentials; providers with an issuer URL go through OIDC discovery. */
function socialProviderSettings(config: AppConfig) {
  const builtIn: Partial<Record<SocialProvider, { clientId: string; clientSecret: string }>> = {};
  const discovered: GenericOAuthConfig[] = [];
  for (const provider of ["google", "github"] as const) {
    const client = config.oauth[provider];
    if (!client) continue;
    if (client.issuerUrl) {
      discovered.push({
        providerId: provider,
        clientId: client.clientId,
        clientSecret: client.clientSecret,
        discoveryUrl: `${client.issuerUrl}/.well-known/openid-configuration`,
        scopes: ["openid", "email", "profile"],
      });
    } else {
      builtIn[provider] = { clientId: client.clientId, clientSecret: client.clientSecret };
    }
  }
  return { builtIn, discovered };
}

/** The public URL; with a loopback host, the other loopback name too (localhost and 127.0.0.1). */
function trustedOrigins(publicUrl: string): string[] {
  const url = new URL(publicUrl);
  const alias = { localhost: "127.0.0.1", "127.0.0.1": "localhost" }[url.hostname];
  if (!alias) return [url.origin];
  const other = new URL(url.origin);
  other.hostname = alias;
  return [url.origin, other.origin];
}

/** Better Auth's verification link, made to end on the web page that tells the user how it went. */
function verifyLink(url: string): string {
  const link = new URL(url);
  link.searchParams.set("callbackURL", VERIFY_EMAIL_PAGE);
  return link.toString();
}

function identityLogger(log: FastifyBaseLogger, level: AppConfig["logLevel"]) {
  const levels = {
    fatal: "error",
    error: "error",
    warn: "warn",
    info: "info",
    debug: "debug",
    trace: "debug",
  } as const;
  return {
    disabled: level === "silent",
    level: level === "silent" ? undefined : levels[level],
    log: (logLevel: "debug" | "info" | "warn" | "error", message: string, ...details: unknown[]) => {
      log[logLevel](details.length > 0 ? { details } : {}, message);
    },
  };
}

import type { IncomingMessage } from "node:http";
import { sendJson, startTestApi } from "./http-test-server";

/** An unsigned JWT with these claims: the client only reads them, the server is what verifies. */
export function makeToken(claims: { email?: string; exp?: number }): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
  return `${encode({ alg: "HS256", typ: "JWT" })}.${encode(claims)}.signature`;
}

export function tokenExpiringIn(ms: number, email = "ann@example.com"): string {
  return makeToken({ email, exp: (Date.now() + ms) / 1000 });
}

export interface RecordedCall {
  method: string;
  path: string;
  authorization: string | undefined;
  body: unknown;
}

interface AccountsApiOptions {
  /** The identity session's user; null when nobody is signed in. */
  signedIn?: { name: string; email: string } | null;
  /** The `admin` value GET /api/admin/:email answers. */
  admin?: boolean;
  /** The password that POST /api/auth/sign-in/email accepts. */
  password?: string;
  providers?: { google: boolean; github: boolean };
  /** Addresses that already have an account: signing up with one answers alike but keeps its password. */
  existingEmails?: string[];
  /** Every sign-in is refused with 429, as the rate limit does. */
  rateLimited?: boolean;
  /** Answers of other paths of the shop's API, e.g. a 401 from GET /api/orders/x. */
  other?: (call: RecordedCall) => { status: number; body: unknown };
}

async function readBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  return text ? JSON.parse(text) : undefined;
}

const ONE_HOUR_MS = 60 * 60 * 1000;

/**
 * A real HTTP server that answers like the identity service and the shop's account calls: sessions,
 * sign-in, sign-out, the token exchange and the admin check. Every call is recorded.
 */
export async function startAccountsApi(options: AccountsApiOptions = {}) {
  const calls: RecordedCall[] = [];
  let signedIn = options.signedIn ?? null;
  const newAccounts = new Map<string, string>();
  const api = await startTestApi((request, response) => {
    void readBody(request).then((body) => {
      const url = new URL(request.url ?? "/", "http://test");
      const call = {
        method: request.method ?? "GET",
        path: url.pathname,
        authorization: request.headers.authorization,
        body,
      };
      calls.push(call);
      const route = `${call.method} ${call.path}`;
      if (route === "GET /api/auth/get-session") {
        return sendJson(
          response,
          200,
          signedIn ? { session: { id: "s1" }, user: sessionUser(signedIn) } : null,
        );
      }
      if (route === "POST /api/auth/sign-out") {
        signedIn = null;
        return sendJson(response, 200, { success: true });
      }
      if (route === "POST /api/auth/sign-in/email") {
        const { email, password } = body as { email: string; password: string };
        if (options.rateLimited) {
          return sendJson(response, 429, { message: "Too many requests. Please try again later." });
        }
        if (password !== options.password && newAccounts.get(email) !== password) {
          return sendJson(response, 401, {
            code: "INVALID_EMAIL_OR_PASSWORD",
            message: "Invalid email or password",
          });
        }
        signedIn = { name: "Ann Lee", email };
        return sendJson(response, 200, { token: "session-token", user: sessionUser(signedIn) });
      }
      // Like the server: sign-up signs no one in and answers alike for an address with an account;
      // the new password then signs in a new account only.
      if (route === "POST /api/auth/sign-up/email") {
        const { name, email, password } = body as { name: string; email: string; password: string };
        if (!options.existingEmails?.includes(email)) newAccounts.set(email, password);
        return sendJson(response, 200, { token: null, user: sessionUser({ name, email }) });
      }
      if (route === "POST /api/auth/reset-password") {
        const { token } = body as { token: string };
        if (token !== "good-token")
          return sendJson(response, 400, { code: "INVALID_TOKEN", message: "Invalid token" });
        return sendJson(response, 200, { status: true });
      }
      // A verification link opened outside the account's session (token "owner-link"): a new password
      // verifies the address and signs this browser in.
      if (route === "GET /api/auth/verify-email" && url.searchParams.get("token") === "owner-link") {
        return sendJson(response, 403, { code: "NEW_PASSWORD_REQUIRED", message: "Choose a new password" });
      }
      if (route === "POST /api/auth/verify-email/new-password") {
        const { token } = body as { token: string };
        if (token !== "owner-link")
          return sendJson(response, 400, { code: "INVALID_TOKEN", message: "Invalid token" });
        signedIn = { name: "Owner", email: "owner@example.com" };
        return sendJson(response, 200, { status: true });
      }
      if (route === "POST /api/auth/request-password-reset") {
        return sendJson(response, 200, { status: true, message: "If this email exists, check your email" });
      }
      if (call.method === "PUT" && call.path.startsWith("/api/user/")) {
        const email = decodeURIComponent(call.path.slice("/api/user/".length));
        if (!signedIn)
          return sendJson(response, 401, {
            statusCode: 401,
            error: "Unauthorized",
            message: "Sign in first",
          });
        if (email !== signedIn.email)
          return sendJson(response, 403, { statusCode: 403, error: "Forbidden", message: "Not you" });
        return sendJson(response, 200, { accessToken: tokenExpiringIn(ONE_HOUR_MS, email) });
      }
      if (call.method === "GET" && call.path.startsWith("/api/admin/")) {
        return sendJson(response, 200, { admin: options.admin ?? false });
      }
      if (route === "GET /api/auth-providers") {
        return sendJson(response, 200, options.providers ?? { google: true, github: true });
      }
      const answer =
        options.other?.(call) ??
        // A shop with no shipping methods, as the seed's: checkout has nothing to choose (decision 0067).
        (route === "POST /api/shipping/options"
          ? { status: 200, body: { countries: [], options: [] } }
          : { status: 404, body: { statusCode: 404, error: "Not Found", message: "No such call" } });
      return sendJson(response, answer.status, answer.body);
    });
  });
  return {
    ...api,
    calls,
    callsTo: (method: string, pathPrefix: string) =>
      calls.filter((call) => call.method === method && call.path.startsWith(pathPrefix)),
    endIdentitySession: () => {
      signedIn = null;
    },
  };
}

function sessionUser(user: { name: string; email: string }) {
  return { id: "u1", name: user.name, email: user.email, emailVerified: false, image: null };
}

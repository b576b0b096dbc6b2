import type { AccessTokenResponse } from "@toolshop/shared/auth";
import { ACCESS_TOKEN_STORAGE_KEY } from "@toolshop/shared/constants";
import { readAccessToken } from "../../lib/access-token";
import {
  ApiRequestError,
  apiRequest,
  reportUnauthorized,
  setAccessTokenProvider,
} from "../../lib/api-client";
import { isTokenExpired, readTokenClaims, refreshDelayMs } from "../../lib/token-timing";
import { endIdentitySession, fetchIdentitySession, type IdentityUser } from "./identity-session";
import { getSession, type SessionUser, setSession } from "./session-state";

// The session's logic (docs/product.md section 4, docs/architecture.md section 6): the identity session's user plus the
// API's access token, which is issued by PUT /api/user/:email, kept in localStorage, refreshed
// 5 minutes before it expires and treated as expired 30 s early. Kept outside React so the API
// client can ask it for a fresh token; components read the state through useSession().

/** How long to wait before trying again when a refresh fails for a reason other than a lost session. */
const REFRESH_RETRY_MS = 60_000;
/** setTimeout's limit; a token that lives longer is simply refreshed a day at a time. */
const MAX_TIMER_MS = 24 * 60 * 60 * 1000;

function storeAccessToken(token: string): void {
  try {
    localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, token);
  } catch {
    // Without storage the token lives only as long as the page; the session still works.
  }
}

function clearAccessToken(): void {
  try {
    localStorage.removeItem(ACCESS_TOKEN_STORAGE_KEY);
  } catch {
    // Nothing stored, nothing to clear.
  }
}

let refreshTimer: ReturnType<typeof setTimeout> | undefined;
let tokenRequest: Promise<string> | null = null;
/** Bumped by every sign-in and sign-out, so that an older, slower answer cannot overwrite them. */
let generation = 0;

function toSessionUser(identity: IdentityUser): SessionUser {
  return {
    name: identity.name || identity.email,
    email: identity.email,
    photoUrl: identity.image ?? null,
    emailVerified: identity.emailVerified,
  };
}

/** The identity session is gone or belongs to someone else: only signing in again helps. */
function isSessionRefusal(error: unknown): boolean {
  return error instanceof ApiRequestError && (error.status === 401 || error.status === 403);
}

function scheduleRefresh(token: string, email: string): void {
  clearTimeout(refreshTimer);
  const delay = Math.min(refreshDelayMs(token), MAX_TIMER_MS);
  refreshTimer = setTimeout(() => {
    refreshAccessToken(email).catch(() => undefined);
  }, delay);
}

/** PUT /api/user/:email with the identity session's cookie: upserts the shop user, answers the token. */
async function issueAccessToken(email: string): Promise<string> {
  const { accessToken } = await apiRequest<AccessTokenResponse>(`/user/${encodeURIComponent(email)}`, {
    method: "PUT",
    json: { email },
    withoutAccessToken: true,
  });
  storeAccessToken(accessToken);
  scheduleRefresh(accessToken, email);
  return accessToken;
}

/** A new token from the identity session; concurrent callers share one request. */
function refreshAccessToken(email: string): Promise<string> {
  if (tokenRequest) return tokenRequest;
  const started = generation;
  tokenRequest = issueAccessToken(email)
    .catch((error: unknown) => {
      if (started !== generation) throw error;
      if (isSessionRefusal(error)) {
        reportUnauthorized();
      } else {
        clearTimeout(refreshTimer);
        refreshTimer = setTimeout(() => {
          refreshAccessToken(email).catch(() => undefined);
        }, REFRESH_RETRY_MS);
      }
      throw error;
    })
    .finally(() => {
      tokenRequest = null;
    });
  return tokenRequest;
}

/** For the API client: the stored token, refreshed first when it is (nearly) expired. */
async function currentAccessToken(): Promise<string | null> {
  const token = readAccessToken();
  if (!token || !isTokenExpired(token)) return token;
  const session = getSession();
  if (session.status !== "signed-in") return null;
  return refreshAccessToken(session.user.email).catch(() => null);
}

/** Whether a stored token can be reused for this user instead of asking for a new one. */
function isUsableTokenFor(token: string | null, email: string): token is string {
  if (!token || isTokenExpired(token)) return false;
  const claimed = readTokenClaims(token)?.email;
  return typeof claimed === "string" && claimed.toLowerCase() === email.toLowerCase();
}

/**
 * On start-up (when a token is stored): asks the identity service who is signed in and makes sure
 * there is a valid token for them. A definite "nobody" (or a refused token) clears the stored token;
 * an unreachable server leaves it alone and shows the visitor as signed out.
 */
export async function loadSession(): Promise<void> {
  setAccessTokenProvider(currentAccessToken);
  const started = generation;
  try {
    const identity = await fetchIdentitySession();
    if (started !== generation) return;
    if (!identity) {
      clearAccessToken();
      setSession({ status: "signed-out" });
      return;
    }
    const user = toSessionUser(identity);
    const stored = readAccessToken();
    if (isUsableTokenFor(stored, user.email)) scheduleRefresh(stored, user.email);
    else await issueAccessToken(user.email);
    if (started === generation) setSession({ status: "signed-in", user });
  } catch (error) {
    if (started !== generation) return;
    if (isSessionRefusal(error)) clearAccessToken();
    setSession({ status: "signed-out" });
  }
}

/**
 * After any sign-in with the identity service (email, sign-up, popup): reads the new identity session,
 * exchanges it for the API's access token and shows the user as signed in.
 */
export async function completeSignIn(): Promise<SessionUser> {
  setAccessTokenProvider(currentAccessToken);
  const started = ++generation;
  const identity = await fetchIdentitySession();
  if (!identity) throw new Error("The sign-in did not complete. Please try again.");
  const user = toSessionUser(identity);
  tokenRequest = null;
  await issueAccessToken(user.email);
  if (started === generation) setSession({ status: "signed-in", user });
  return user;
}

/**
 * A new access token for the signed-in user, now: after the address was verified, the server may grant
 * rights it withheld until then (the admin role of ADMIN_EMAILS), and the new token carries them.
 */
export async function renewAccessToken(): Promise<void> {
  const session = getSession();
  if (session.status !== "signed-in") return;
  tokenRequest = null;
  await refreshAccessToken(session.user.email);
}

/** Clears the stored accessToken and ends the identity session (use session-state's signOut). */
export async function signOut(): Promise<void> {
  generation += 1;
  clearTimeout(refreshTimer);
  tokenRequest = null;
  clearAccessToken();
  setSession({ status: "signed-out" });
  await endIdentitySession().catch(() => undefined);
}

// Signing out in another tab removes the shared token: this tab follows.
window.addEventListener("storage", (event) => {
  if (event.key !== ACCESS_TOKEN_STORAGE_KEY || event.newValue !== null) return;
  if (getSession().status !== "signed-in") return;
  generation += 1;
  clearTimeout(refreshTimer);
  setSession({ status: "signed-out" });
});

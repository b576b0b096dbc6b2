import { readAccessToken } from "../../lib/access-token";
import { setSession } from "./session-state";

// Starts and ends the session, downloading session-store.ts (the identity calls, the token's refresh)
// only when there is a session to look after. Kept apart from session-state.ts, which session-store.ts
// itself reads, so that the lazy import does not close a circle.

const loadSessionStore = () => import("./session-store");

/**
 * On start-up. Every sign-in stores an access token and every sign-out removes it, so without one
 * the visitor is signed out and nothing more is downloaded or asked; with one, the identity service
 * is asked who is signed in.
 */
export async function startSession(): Promise<void> {
  if (!readAccessToken()) {
    setSession({ status: "signed-out" });
    return;
  }
  try {
    const store = await loadSessionStore();
    await store.loadSession();
  } catch {
    // The session's code could not be downloaded: browse signed out; signing in tries again.
    setSession({ status: "signed-out" });
  }
}

/** docs/product.md section 2: clears the stored accessToken and ends the identity session. */
export async function signOut(): Promise<void> {
  const store = await loadSessionStore();
  await store.signOut();
}

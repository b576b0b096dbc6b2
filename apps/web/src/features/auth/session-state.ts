import { readAccessToken } from "../../lib/access-token";

// What every page needs to know about the session, kept small because it ships with the home page.
// The logic behind it (identity calls, the token's refresh) is session-store.ts, downloaded only
// when there is a session to look after.

export interface SessionUser {
  name: string;
  email: string;
  photoUrl: string | null;
  emailVerified: boolean;
}

export type Session =
  | { status: "loading" }
  | { status: "signed-out" }
  | { status: "signed-in"; user: SessionUser };

let session: Session = { status: "loading" };
const listeners = new Set<() => void>();

export function getSession(): Session {
  return session;
}

export function subscribeToSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function setSession(next: Session): void {
  session = next;
  for (const listener of listeners) listener();
}

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

/** SPEC.md section 2: clears the stored accessToken and ends the identity session. */
export async function signOut(): Promise<void> {
  const store = await loadSessionStore();
  await store.signOut();
}

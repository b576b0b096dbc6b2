// What every page needs to know about the session, kept small because it ships with the home page.
// The logic behind it (identity calls, the token's refresh) is session-store.ts, downloaded by
// session-loader.ts only when there is a session to look after.

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

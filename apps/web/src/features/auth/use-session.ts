import { useSyncExternalStore } from "react";
import { signOut } from "./session-loader";
import { getSession, type Session, type SessionUser, subscribeToSession } from "./session-state";

export type { Session, SessionUser };

const PRERENDERED_SESSION: Session = { status: "loading" };

/** What the build's pre-render of `/` saw: hydration renders it first, then the real session. */
function getPrerenderedSession(): Session {
  return PRERENDERED_SESSION;
}

/**
 * The visitor's session: loading (the identity service's first answer is on its way), signed out,
 * or signed in with the identity's user. `signOut` clears `accessToken` and ends the identity
 * session. Admin status is separate: see `adminStatusQueryOptions`.
 */
export function useSession(): { session: Session; signOut: () => Promise<void> } {
  const session = useSyncExternalStore(subscribeToSession, getSession, getPrerenderedSession);
  return { session, signOut };
}

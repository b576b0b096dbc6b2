import { useSyncExternalStore } from "react";
import { getSession, type Session, type SessionUser, signOut, subscribeToSession } from "./session-state";

export type { Session, SessionUser };

/**
 * The visitor's session: loading (the identity service's first answer is on its way), signed out,
 * or signed in with the identity's user. `signOut` clears `accessToken` and ends the identity
 * session. Admin status is separate: see `adminStatusQueryOptions`.
 */
export function useSession(): { session: Session; signOut: () => Promise<void> } {
  const session = useSyncExternalStore(subscribeToSession, getSession, getSession);
  return { session, signOut };
}

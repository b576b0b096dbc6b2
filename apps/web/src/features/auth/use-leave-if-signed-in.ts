import { useEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router";
import { signOut } from "./session-loader";
import { getSession } from "./session-state";
import { returnPathFrom } from "./use-auth-actions";
import { useSession } from "./use-session";

/** Why a guard sent the user to /login to be signed out; /login says it (no silent sign-out loop). */
export const SIGNED_OUT_ADMIN_ONLY = "admin-only";

export function signedOutReason(state: unknown): string | null {
  const reason = (state as { signedOutBecause?: unknown } | null)?.signedOutBecause;
  return typeof reason === "string" ? reason : null;
}

/**
 * /login and /signup: a visitor who is already signed in goes on to where they were going, unless a
 * guard sent them here to be signed out: then they are signed out once, as the page opens (a later
 * sign-in on this page must stand).
 */
export function useLeaveIfSignedIn(): void {
  const { session } = useSession();
  const { state } = useLocation();
  const navigate = useNavigate();
  const signedIn = session.status === "signed-in";
  const signingOut = signedOutReason(state) !== null;
  const signedOutOnOpen = useRef(false);

  useEffect(() => {
    if (!signingOut || signedOutOnOpen.current) return;
    signedOutOnOpen.current = true;
    if (getSession().status === "signed-in") void signOut();
  }, [signingOut]);

  useEffect(() => {
    if (signedIn && !signingOut) navigate(returnPathFrom(state), { replace: true });
  }, [signedIn, signingOut, state, navigate]);
}

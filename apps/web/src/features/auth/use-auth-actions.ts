import type { SignInInput, SignUpInput, SocialProvider } from "@toolshop/shared/auth";
import { useMemo } from "react";
import { useLocation, useNavigate } from "react-router";
import { notify } from "../../lib/toast";
import { describeAuthError, describeProviderError, PROVIDER_NAMES, TOO_MANY_ATTEMPTS } from "./auth-errors";
import { requestPasswordReset, signInWithEmail, signUpWithEmail } from "./identity-actions";
import { IdentityError } from "./identity-request";
import { PopupSupersededError, ProviderSignInError, signInWithPopup } from "./popup-sign-in";
import { completeSignIn } from "./session-store";

/** docs/product.md section 8: the same toast whether or not the address has an account. */
export const CHECK_YOUR_EMAIL = "check your email";
/** After a sign-up whose password does not sign in: the address has an account, and its owner has mail. */
export const SIGN_UP_CHECK_YOUR_EMAIL =
  "Thank you! Please check your email: we have sent you a message to go on.";

export interface AuthActions {
  signIn: (input: SignInInput) => Promise<void>;
  signUp: (input: SignUpInput) => Promise<void>;
  /** Call straight from the click: the popup must open before anything is awaited. */
  signInWith: (provider: SocialProvider) => Promise<void>;
  sendPasswordReset: (email: string) => Promise<void>;
}

/** Where the guard that sent the user to /login remembered they were going (docs/product.md section 2). */
export function returnPathFrom(state: unknown): string {
  const from = (state as { from?: { pathname?: unknown; search?: unknown; hash?: unknown } } | null)?.from;
  // Only a path of this site ("//host" would be another site).
  if (typeof from?.pathname !== "string" || !/^\/(?!\/)/.test(from.pathname)) return "/";
  if (from.pathname === "/login" || from.pathname === "/signup") return "/";
  const search = typeof from.search === "string" ? from.search : "";
  const hash = typeof from.hash === "string" ? from.hash : "";
  return `${from.pathname}${search}${hash}`;
}

/**
 * The submissions of the login and sign-up screens. Every sign-in ends the same way: the identity
 * session is exchanged for the API's access token, then the user returns to where they were going.
 * Failures are toasts in plain words; none of these throw.
 */
export function useAuthActions(): AuthActions {
  const navigate = useNavigate();
  const { state } = useLocation();

  return useMemo(() => {
    const finishSignIn = async () => {
      await completeSignIn();
      navigate(returnPathFrom(state), { replace: true });
    };
    return {
      signIn: async (input) => {
        try {
          await signInWithEmail(input);
          await finishSignIn();
        } catch (error) {
          notify.error(describeAuthError(error));
        }
      },
      // Sign-up answers alike whether or not the address has an account; the new password signs in
      // only a new one. An address with an account gets a mail (to its owner) instead.
      signUp: async (input) => {
        try {
          await signUpWithEmail(input);
          await signInWithEmail(input);
          await finishSignIn();
          notify.success(`Welcome, ${input.name}! We have sent you a link to verify your email.`);
        } catch (error) {
          if (error instanceof IdentityError && error.status === 401) {
            notify.info(SIGN_UP_CHECK_YOUR_EMAIL);
            navigate("/login", { state });
            return;
          }
          notify.error(describeAuthError(error));
        }
      },
      signInWith: async (provider) => {
        const name = PROVIDER_NAMES[provider];
        try {
          await signInWithPopup(provider);
          await finishSignIn();
        } catch (error) {
          if (error instanceof PopupSupersededError) return;
          notify.error(
            error instanceof ProviderSignInError
              ? describeProviderError(error.code, name)
              : describeAuthError(error),
          );
        }
      },
      sendPasswordReset: async (email) => {
        try {
          await requestPasswordReset(email);
          notify.info(CHECK_YOUR_EMAIL);
        } catch (error) {
          // Only what the visitor can act on is reported; anything else would say whether the
          // address has an account.
          if (error instanceof IdentityError && (error.status === 429 || error.status === 0)) {
            notify.error(error.status === 429 ? TOO_MANY_ATTEMPTS : describeAuthError(error));
          } else {
            notify.info(CHECK_YOUR_EMAIL);
          }
        }
      },
    };
  }, [navigate, state]);
}

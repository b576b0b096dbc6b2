import type { SignInInput, SignUpInput } from "@toolshop/shared/auth";
import { identityRequest } from "./identity-request";

// The identity service's calls behind the login, sign-up and reset screens (loaded with them).

/** Where the verification link and the password reset link land. */
export const VERIFY_EMAIL_PATH = "/verify-email";
export const RESET_PASSWORD_PATH = "/reset-password";

export async function signInWithEmail({ email, password }: SignInInput): Promise<void> {
  await identityRequest("/sign-in/email", { method: "POST", json: { email, password, rememberMe: true } });
}

/**
 * Creates the account with the profile name and sends the verification email, whose link lands on
 * /verify-email. It signs no one in and answers alike when the address already has an account (whose
 * owner is mailed instead), so that sign-up does not tell who has an account.
 */
export async function signUpWithEmail({ name, email, password }: SignUpInput): Promise<void> {
  await identityRequest("/sign-up/email", {
    method: "POST",
    json: { name, email, password, callbackURL: VERIFY_EMAIL_PATH },
  });
}

/** Sends a reset link (to /reset-password?token=…) if the address has an account; says nothing either way. */
export async function requestPasswordReset(email: string): Promise<void> {
  await identityRequest("/request-password-reset", {
    method: "POST",
    json: { email, redirectTo: RESET_PASSWORD_PATH },
  });
}

export async function resetPassword(token: string, newPassword: string): Promise<void> {
  await identityRequest("/reset-password", { method: "POST", json: { token, newPassword } });
}

/** Verifies the address with the token of a verification link. */
export async function verifyEmail(token: string): Promise<void> {
  await identityRequest(`/verify-email?token=${encodeURIComponent(token)}`);
}

/**
 * Verifies the address of a link opened outside the account's session: the new password replaces the
 * account's, every earlier session ends, and this browser is signed in.
 */
export async function verifyEmailWithNewPassword(token: string, newPassword: string): Promise<void> {
  await identityRequest("/verify-email/new-password", { method: "POST", json: { token, newPassword } });
}

/** Sends a new verification link to the signed-in user's address. */
export async function sendVerificationEmail(email: string): Promise<void> {
  await identityRequest("/send-verification-email", {
    method: "POST",
    json: { email, callbackURL: VERIFY_EMAIL_PATH },
  });
}

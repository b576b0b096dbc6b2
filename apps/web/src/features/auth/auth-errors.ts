import type { SocialProvider } from "@toolshop/shared/auth";
// The server's 429 sentence, from the zod-free paths module (zod stays out of the login screen's download).
import { TOO_MANY_ATTEMPTS_MESSAGE } from "@toolshop/shared/paths";
import { ApiRequestError } from "../../lib/api-client";
import { IdentityError } from "./identity-request";

export const TOO_MANY_ATTEMPTS = TOO_MANY_ATTEMPTS_MESSAGE;

export const PROVIDER_NAMES: Record<SocialProvider, string> = { google: "Google", github: "GitHub" };

// The identity service's codes for what a person can act on, in plain words. Any other code shows the
// service's own message (docs/product.md section 8).
const IDENTITY_MESSAGES: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: "Invalid email or password",
  USER_ALREADY_EXISTS: "An account with this email already exists. Please log in instead.",
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: "An account with this email already exists. Please log in instead.",
  EMAIL_NOT_VERIFIED: "Please verify your email first: open the link we sent you.",
  INVALID_TOKEN: "This link is invalid or has expired. Please ask for a new one.",
  TOKEN_EXPIRED: "This link is invalid or has expired. Please ask for a new one.",
  INVALID_EMAIL: "Please Enter Valid Email",
};

// Codes the identity service puts in the popup's address when a provider sign-in fails.
const PROVIDER_MESSAGES: Record<string, (provider: string) => string> = {
  access_denied: (provider) => `The sign-in with ${provider} was cancelled.`,
  account_not_linked: () =>
    "This email already has an account with a password. Log in with your email and password.",
  "email_doesn't_match": (provider) => `Your ${provider} account's email does not match this account.`,
  signup_disabled: () => "New accounts cannot be created this way.",
  provider_not_configured: (provider) => `Sign-in with ${provider} is not configured on this server.`,
  provider_unavailable: (provider) => `${provider} could not be reached. Please try again later.`,
};

/** A failed sign-in, sign-up or reset, as a sentence for a toast. */
export function describeAuthError(error: unknown): string {
  if (error instanceof IdentityError || error instanceof ApiRequestError) {
    if (error.status === 429) return TOO_MANY_ATTEMPTS;
    if (error.status === 0) return "The server could not be reached. Check your connection and try again.";
  }
  if (error instanceof IdentityError) {
    const known = IDENTITY_MESSAGES[error.code];
    if (known) return known;
  }
  if (error instanceof Error && error.message) return error.message;
  return "Something went wrong. Please try again.";
}

/** The error code a provider sign-in came back with, as a sentence for a toast. */
export function describeProviderError(code: string, provider: string): string {
  const known = PROVIDER_MESSAGES[code];
  if (known) return known(provider);
  if (/too[\s_-]?many/i.test(code)) return TOO_MANY_ATTEMPTS;
  return `The sign-in with ${provider} did not complete. Please try again.`;
}

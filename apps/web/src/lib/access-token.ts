import { ACCESS_TOKEN_STORAGE_KEY } from "@toolshop/shared/constants";

// The API's access token: a JWT kept in localStorage under `accessToken` (docs/product.md section 9). Only
// reading it ships with the home page; storing, clearing and refreshing it is the session's logic
// (features/auth/session-store.ts), and reading its expiry is token-timing.ts.

export function readAccessToken(): string | null {
  try {
    return localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY);
  } catch {
    // Storage can be unavailable (privacy modes); calls then go out without a token.
    return null;
  }
}

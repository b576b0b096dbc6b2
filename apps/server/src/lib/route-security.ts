// Whether a route's OpenAPI `security` demands a sign-in. `[{ bearerAuth: [] }, {}]` offers a sign-in
// but lets anyone call (the empty requirement is OpenAPI's "no credentials"): such a route is public for
// every rule that protects public routes (the body limit) and has no guard that answers strangers first.

/** True when every alternative of `security` names a credential. */
export function requiresSignIn(security: unknown): boolean {
  if (!Array.isArray(security) || security.length === 0) return false;
  return security.every((requirement) => Object.keys(requirement ?? {}).length > 0);
}

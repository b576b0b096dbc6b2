import { identityRequest } from "./identity-request";

/** The identity service's own user record (not the shop's user). */
export interface IdentityUser {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  image?: string | null;
}

/** GET /api/auth/get-session: the signed-in identity, or null. */
export async function fetchIdentitySession(): Promise<IdentityUser | null> {
  const answer = await identityRequest<{ user: IdentityUser } | null>("/get-session");
  return answer?.user ?? null;
}

/** POST /api/auth/sign-out: ends the identity session (its cookie). */
export async function endIdentitySession(): Promise<void> {
  await identityRequest("/sign-out", { method: "POST", json: {} });
}

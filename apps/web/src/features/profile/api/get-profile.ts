import { queryOptions } from "@tanstack/react-query";
import type { Profile } from "@toolshop/shared/profile";
import { apiRequest } from "../../../lib/api-client";

/**
 * GET /api/profile: the signed-in user's profile, every field a string ("" when not set). Keyed by
 * the user's email, so that someone signing in after another in the same tab never sees theirs.
 */
export function profileQueryOptions(email: string) {
  return queryOptions({
    queryKey: ["profile", email.toLowerCase()],
    queryFn: ({ signal }) => apiRequest<Profile>("/profile", { signal }),
  });
}

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Profile, ProfileUpdate } from "@toolshop/shared/profile";
import { apiRequest } from "../../../lib/api-client";
import { profileQueryOptions } from "./get-profile";

/** PUT /api/profile; the answer is the saved profile, kept as the query's data. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: ProfileUpdate) => apiRequest<Profile>("/profile", { method: "PUT", json: update }),
    onSuccess: (profile) => queryClient.setQueryData(profileQueryOptions(profile.email).queryKey, profile),
  });
}

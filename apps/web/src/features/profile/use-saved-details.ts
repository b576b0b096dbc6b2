import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { notify } from "../../lib/toast";
import { profileQueryOptions } from "./api/get-profile";
import { useUpdateProfile } from "./api/update-profile";

export interface SavedDetails {
  address: string;
  phone: string;
}

/**
 * The address and phone of the signed-in user's profile (GET /api/profile), for a form to start with
 * (`fill` gets them once they arrive), and `save`, which keeps the ones typed in the profile.
 */
export function useSavedDetails(email: string, fill: (details: SavedDetails) => void) {
  const profile = useQuery(profileQueryOptions(email));
  const update = useUpdateProfile();
  const saved = profile.data;
  // biome-ignore lint/correctness/useExhaustiveDependencies: fill once per answer, not on every render
  useEffect(() => {
    if (saved) fill({ address: saved.address, phone: saved.phoneNumber });
  }, [saved]);

  const save = async ({ address, phone }: SavedDetails) => {
    try {
      await update.mutateAsync({ address, phoneNumber: phone });
    } catch (error) {
      const reason = error instanceof Error ? error.message : "Please try again.";
      notify.error(`Your address and phone were not saved to your profile: ${reason}`);
    }
  };
  return { save };
}

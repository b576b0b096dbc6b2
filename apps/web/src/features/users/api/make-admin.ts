import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { MakeAdminResponse } from "@toolshop/shared/users";
import { apiRequest } from "../../../lib/api-client";
import { USERS_QUERY_KEY } from "./get-users";

export type RoleChange = { kind: "promote" | "revoke"; email: string };

/**
 * PUT /api/user/admin/:email makes an admin, DELETE takes the role back (admins only); every loaded
 * page of the list is fetched again afterwards.
 */
export function useChangeRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, email }: RoleChange) =>
      apiRequest<MakeAdminResponse>(`/user/admin/${encodeURIComponent(email)}`, {
        method: kind === "promote" ? "PUT" : "DELETE",
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY }),
  });
}

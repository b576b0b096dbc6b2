import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { MakeAdminResponse } from "@toolshop/shared/users";
import { apiRequest } from "../../../lib/api-client";
import { usersQueryOptions } from "./get-users";

/** PUT /api/user/admin/:email (admins only); the list is fetched again afterwards. */
export function useMakeAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) =>
      apiRequest<MakeAdminResponse>(`/user/admin/${encodeURIComponent(email)}`, { method: "PUT" }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: usersQueryOptions.queryKey }),
  });
}

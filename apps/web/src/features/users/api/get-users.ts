import { queryOptions } from "@tanstack/react-query";
import type { ShopUserSummary } from "@toolshop/shared/users";
import { apiRequest } from "../../../lib/api-client";

/** GET /api/user (admins only): every shop user with their role. */
export const usersQueryOptions = queryOptions({
  queryKey: ["users"],
  queryFn: ({ signal }) => apiRequest<ShopUserSummary[]>("/user", { signal }),
});

import { queryOptions } from "@tanstack/react-query";
import type { AuthProviders } from "@toolshop/shared/auth";
import { apiRequest } from "../../../lib/api-client";

/** GET /api/auth-providers: which popup providers the server has credentials for. */
export const authProvidersQueryOptions = queryOptions({
  queryKey: ["auth-providers"],
  queryFn: ({ signal }) => apiRequest<AuthProviders>("/auth-providers", { signal, withoutAccessToken: true }),
  staleTime: Number.POSITIVE_INFINITY,
});

import { infiniteQueryOptions } from "@tanstack/react-query";
import type { ShopUserSummary, UserRole } from "@toolshop/shared/users";
import { apiPageRequest } from "../../../lib/api-client";

export interface UsersFilter {
  /** Emails starting with this text. */
  q: string;
  role: UserRole | null;
}

/** Every users list, whatever its filter: what a role change refreshes. */
export const USERS_QUERY_KEY = ["users"] as const;

/**
 * GET /api/user (admins only), oldest account first, one page at a time: the body is the page, the
 * X-Next-Cursor header where the next one starts.
 */
export const usersQueryOptions = ({ q, role }: UsersFilter) =>
  infiniteQueryOptions({
    queryKey: [...USERS_QUERY_KEY, { q, role }],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams();
      if (q) params.set("q", q);
      if (role) params.set("role", role);
      if (pageParam) params.set("cursor", pageParam);
      const query = params.size > 0 ? `?${params}` : "";
      return apiPageRequest<ShopUserSummary[]>(`/user${query}`, { signal });
    },
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

import { queryOptions } from "@tanstack/react-query";
import type { AdminStatus } from "@toolshop/shared/auth";
import { apiRequest } from "../../../lib/api-client";

/** GET /api/admin/:email: `admin` decides (docs/product.md section 4), not the mere fact that it answered. */
export function adminStatusQueryOptions(email: string) {
  return queryOptions({
    queryKey: ["admin", email.toLowerCase()],
    queryFn: async ({ signal }) => {
      const answer = await apiRequest<Partial<AdminStatus>>(`/admin/${encodeURIComponent(email)}`, {
        signal,
      });
      return answer.admin === true;
    },
  });
}

import { queryOptions } from "@tanstack/react-query";
import type { Tool } from "@toolshop/shared/tools";
import { apiRequest } from "../../../lib/api-client";
import { toolKeys } from "./search-tools";

/** GET /api/tools/:id: one tool, for its page and its checkout. */
export function toolQueryOptions(toolId: string) {
  return queryOptions({
    queryKey: toolKeys.detail(toolId),
    queryFn: ({ signal }) => apiRequest<Tool>(`/tools/${encodeURIComponent(toolId)}`, { signal }),
  });
}

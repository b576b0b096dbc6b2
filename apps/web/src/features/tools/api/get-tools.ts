import { queryOptions } from "@tanstack/react-query";
import type { Tool } from "@toolshop/shared/tools";
import { apiRequest } from "../../../lib/api-client";

/** GET /api/tools: the whole catalogue in one query, no pagination (SPEC.md section 9). */
export const toolsQueryOptions = queryOptions({
  queryKey: ["tools"],
  queryFn: ({ signal }) => apiRequest<Tool[]>("/tools", { signal }),
});

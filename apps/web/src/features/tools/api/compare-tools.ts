import { queryOptions } from "@tanstack/react-query";
import type { CompareAnswer } from "@toolshop/shared/tool-compare";
import { apiRequest } from "../../../lib/api-client";
import { toolKeys } from "./search-tools";

/** GET /api/tools/compare?ids=: up to four tools in one answer, in the order of `ids`. */
export function compareToolsQueryOptions(ids: readonly string[]) {
  return queryOptions({
    queryKey: toolKeys.compare(ids),
    queryFn: ({ signal }) =>
      apiRequest<CompareAnswer>(`/tools/compare?ids=${ids.map(encodeURIComponent).join(",")}`, { signal }),
  });
}

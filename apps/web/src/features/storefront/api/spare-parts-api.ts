import { queryOptions } from "@tanstack/react-query";
import type { SparePartsAnswer } from "@toolshop/shared/spare-parts";
import { apiRequest } from "../../../lib/api-client";

/** GET /api/spare-parts?q=: the tool with this model number or SKU and its spare parts (decision 0058). */
export function sparePartsQueryOptions(q: string) {
  return queryOptions({
    queryKey: ["tools", "spare-parts", q.toLowerCase()] as const,
    queryFn: ({ signal }) =>
      apiRequest<SparePartsAnswer>(`/spare-parts?${new URLSearchParams({ q })}`, { signal }),
    // A 404 is an answer ("no such tool"), not a hiccup to try again.
    retry: false,
  });
}

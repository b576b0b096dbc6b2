import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { Overview, OverviewPeriod } from "@toolshop/shared/overview";
import { apiRequest } from "../../../lib/api-client";

/** GET /api/overview?days= (admins only): the owner's figures for the last 30 or 90 days. */
export const overviewQueryOptions = (days: OverviewPeriod) =>
  queryOptions({
    queryKey: ["overview", days] as const,
    queryFn: ({ signal }) => apiRequest<Overview>(`/overview?days=${days}`, { signal }),
    // Switching the period keeps the figures shown until the other period's arrive.
    placeholderData: keepPreviousData,
  });

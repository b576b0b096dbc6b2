import { queryOptions } from "@tanstack/react-query";
import type { ReviewableTool, ToolReviews } from "@toolshop/shared/reviews";
import { apiRequest } from "../../../lib/api-client";

/** GET /api/tools/:id/reviews: a tool's visible reviews, newest first, with their average and count. */
export function toolReviewsQueryOptions(toolId: string) {
  return queryOptions({
    queryKey: ["reviews", "tool", toolId],
    queryFn: ({ signal }) =>
      apiRequest<ToolReviews>(`/tools/${encodeURIComponent(toolId)}/reviews`, { signal }),
  });
}

/** GET /api/review/tools: the tools the signed-in customer bought, which they may review. */
export const reviewableToolsQueryOptions = queryOptions({
  queryKey: ["reviews", "reviewable-tools"],
  queryFn: ({ signal }) => apiRequest<ReviewableTool[]>("/review/tools", { signal }),
});

import { queryOptions } from "@tanstack/react-query";
import type { Review } from "@toolshop/shared/reviews";
import { apiRequest } from "../../../lib/api-client";

/** GET /api/review: the reviews for the home page's "Our Review" section, newest first. */
export const reviewsQueryOptions = queryOptions({
  queryKey: ["reviews"],
  queryFn: ({ signal }) => apiRequest<Review[]>("/review", { signal }),
});

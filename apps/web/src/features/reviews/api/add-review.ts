import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Review, ReviewInput } from "@toolshop/shared/reviews";
import { apiRequest } from "../../../lib/api-client";
import { reviewsQueryOptions } from "./get-reviews";

/**
 * POST /api/review; every list of reviews (the home page's "Our Review", a tool's on its page: their
 * keys start with the same "reviews") is fetched again on its next showing.
 */
export function useAddReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (review: ReviewInput) => apiRequest<Review>("/review", { method: "POST", json: review }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewsQueryOptions.queryKey }),
  });
}

import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { ModeratedReview } from "@toolshop/shared/reviews";
import { apiRequest } from "../../../lib/api-client";
import { reviewsQueryOptions } from "../../reviews/api/get-reviews";

/**
 * GET /api/reviews (admins only): the first page, the newest 100 reviews with their authors. The API
 * pages further with X-Next-Cursor; apiRequest does not expose headers, and 100 is plenty for now.
 */
export const moderatedReviewsQueryOptions = queryOptions({
  queryKey: ["admin-reviews"],
  queryFn: ({ signal }) => apiRequest<ModeratedReview[]>("/reviews", { signal }),
});

const reviewPath = (id: string) => `/reviews/${encodeURIComponent(id)}`;

/** PATCH /api/reviews/:id: hides a review from the home page, or shows it again. */
export function useSetReviewHidden() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, hidden }: { id: string; hidden: boolean }) =>
      apiRequest<ModeratedReview>(reviewPath(id), { method: "PATCH", json: { hidden } }),
    onSuccess: (updated) => {
      queryClient.setQueryData(moderatedReviewsQueryOptions.queryKey, (list) =>
        list?.map((review) => (review._id === updated._id ? updated : review)),
      );
      void queryClient.invalidateQueries({ queryKey: reviewsQueryOptions.queryKey });
    },
  });
}

/** DELETE /api/reviews/:id: deletes a review for good. */
export function useDeleteReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<{ deletedCount: number }>(reviewPath(id), { method: "DELETE" }),
    onSuccess: (_answer, id) => {
      queryClient.setQueryData(moderatedReviewsQueryOptions.queryKey, (list) =>
        list?.filter((review) => review._id !== id),
      );
      void queryClient.invalidateQueries({ queryKey: reviewsQueryOptions.queryKey });
    },
  });
}

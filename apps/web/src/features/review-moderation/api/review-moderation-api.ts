import { type InfiniteData, infiniteQueryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { ReviewVisibility } from "@toolshop/shared/review-moderation";
import type { ModeratedReview } from "@toolshop/shared/reviews";
import { type ApiPage, apiPageRequest, apiRequest } from "../../../lib/api-client";
import { reviewsQueryOptions } from "../../reviews/api/get-reviews";

export interface ModerationFilter {
  visibility: ReviewVisibility;
  /** Authors whose email or name starts with this text. */
  q: string;
}

/** Every moderation list, whatever its filter. */
const MODERATION_QUERY_KEY = ["admin-reviews"] as const;

type ReviewPages = InfiniteData<ApiPage<ModeratedReview[]>, string | null>;

/**
 * GET /api/reviews (admins only): every review with its author, newest first, one page at a time:
 * the body is the page, the X-Next-Cursor header where the next one starts.
 */
export const moderatedReviewsQueryOptions = ({ visibility, q }: ModerationFilter) =>
  infiniteQueryOptions({
    queryKey: [...MODERATION_QUERY_KEY, { visibility, q }],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams();
      if (visibility !== "all") params.set("visibility", visibility);
      if (q) params.set("q", q);
      if (pageParam) params.set("cursor", pageParam);
      const query = params.size > 0 ? `?${params}` : "";
      return apiPageRequest<ModeratedReview[]>(`/reviews${query}`, { signal });
    },
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

/** Applies `change` to every loaded page of every moderation list. */
function updateLoaded(
  queryClient: ReturnType<typeof useQueryClient>,
  change: (reviews: ModeratedReview[]) => ModeratedReview[],
) {
  queryClient.setQueriesData<ReviewPages>({ queryKey: MODERATION_QUERY_KEY }, (data) =>
    data ? { ...data, pages: data.pages.map((page) => ({ ...page, body: change(page.body) })) } : data,
  );
}

const reviewPath = (id: string) => `/reviews/${encodeURIComponent(id)}`;

/**
 * PATCH /api/reviews/:id: hides a review from the home page, or shows it again. It changes in place,
 * even under a visibility filter, so that the admin sees what they just did.
 */
export function useSetReviewHidden() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, hidden }: { id: string; hidden: boolean }) =>
      apiRequest<ModeratedReview>(reviewPath(id), { method: "PATCH", json: { hidden } }),
    onSuccess: (updated) => {
      updateLoaded(queryClient, (list) =>
        list.map((review) => (review._id === updated._id ? updated : review)),
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
      updateLoaded(queryClient, (list) => list.filter((review) => review._id !== id));
      void queryClient.invalidateQueries({ queryKey: reviewsQueryOptions.queryKey });
    },
  });
}

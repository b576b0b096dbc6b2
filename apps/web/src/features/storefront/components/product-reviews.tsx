import { useQuery } from "@tanstack/react-query";
import type { ToolReviews } from "@toolshop/shared/reviews";
import { Link } from "react-router";
import { LoadError } from "../../../components/load-error";
import { ReviewCard } from "../../../components/review-card";
import { Spinner } from "../../../components/spinner";
import { StarRating } from "../../../components/star-rating";
import { formatCount } from "../../../lib/format";
import { toolReviewsQueryOptions } from "../../reviews/api/get-tool-reviews";

/** Where a buyer writes a review of this tool: the dashboard's form, with the tool chosen. */
export function reviewLink(toolId: string): string {
  return `/dashboard/myreview?tool=${encodeURIComponent(toolId)}`;
}

/**
 * A tool's reviews on its page: their average and count, the newest few, and where a buyer adds one.
 * On a page the server rendered, they are in the query cache from the start.
 */
export function ProductReviews({ toolId }: { toolId: string }) {
  const { data, error, refetch, isRefetching } = useQuery(toolReviewsQueryOptions(toolId));
  return (
    <section aria-labelledby="product-reviews-heading" className="flex flex-col gap-4 md:col-span-2">
      <h2 id="product-reviews-heading" className="text-2xl font-bold">
        Reviews
      </h2>
      {data ? (
        <ReviewList reviews={data} />
      ) : error ? (
        <LoadError
          title="The reviews could not be loaded."
          error={error}
          onRetry={() => void refetch()}
          retrying={isRefetching}
        />
      ) : (
        <div className="grid place-items-center py-6">
          <Spinner label="Loading reviews" />
        </div>
      )}
      <p>
        <Link to={reviewLink(toolId)} className="link link-primary">
          Bought this tool? Review it
        </Link>
      </p>
    </section>
  );
}

function ReviewList({ reviews }: { reviews: ToolReviews }) {
  if (reviews.average === null || reviews.count === 0) {
    return <p className="text-base-content/80">No reviews of this tool yet.</p>;
  }
  return (
    <>
      <div className="flex flex-wrap items-center gap-2">
        <StarRating rating={String(reviews.average)} />
        <p className="text-base-content/80">
          <span className="font-bold text-base-content">{reviews.average.toFixed(1)}</span>
          {` out of 5 from ${formatCount(reviews.count)} ${reviews.count === 1 ? "review" : "reviews"}`}
        </p>
      </div>
      {reviews.reviews.length > 0 ? (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {reviews.reviews.map((review, index) => (
            // Reviews have no id in the API; their order is stable (newest first).
            // biome-ignore lint/suspicious/noArrayIndexKey: no identifier to key by
            <ReviewCard key={index} as="li" review={review} />
          ))}
        </ul>
      ) : null}
    </>
  );
}

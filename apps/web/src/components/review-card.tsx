import type { Review } from "@toolshop/shared/reviews";
import { StarRating } from "./star-rating";

/**
 * One review: "Review Star:" with its value, the comment (always as text) and the reviewer's name,
 * with a "Verified buyer" badge when the API says they have a paid order. An article on the home
 * page; a list item in a tool's reviews.
 */
export function ReviewCard({ review, as: Tag = "article" }: { review: Review; as?: "article" | "li" }) {
  return (
    <Tag className="card h-full border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <p className="font-medium">
            Review Star: <span className="font-bold">{review.review}</span>
          </p>
          <StarRating rating={review.review} />
        </div>
        <p className="break-words whitespace-pre-line text-base-content/90">{review.comment}</p>
        <p className="mt-auto flex flex-wrap items-center gap-2 font-semibold">
          {review.name}
          {review.verifiedBuyer ? (
            <span className="badge badge-success badge-sm font-medium">Verified buyer</span>
          ) : null}
        </p>
      </div>
    </Tag>
  );
}

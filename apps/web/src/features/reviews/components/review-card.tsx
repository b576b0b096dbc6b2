import type { Review } from "@toolshop/shared/reviews";
import { StarRating } from "./star-rating";

/** One review: "Review Star:" with its value, the comment (always as text) and the reviewer's name. */
export function ReviewCard({ review }: { review: Review }) {
  return (
    <article className="card h-full border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <p className="font-medium">
            Review Star: <span className="font-bold">{review.review}</span>
          </p>
          <StarRating rating={review.review} />
        </div>
        <p className="break-words whitespace-pre-line text-base-content/90">{review.comment}</p>
        <p className="mt-auto font-semibold">{review.name}</p>
      </div>
    </article>
  );
}

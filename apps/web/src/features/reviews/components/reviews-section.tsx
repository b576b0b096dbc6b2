import { useQuery } from "@tanstack/react-query";
import type { Review } from "@toolshop/shared/reviews";
import { useRef, useState } from "react";
import { flushSync } from "react-dom";
import { QueryView } from "../../../components/query-view";
import { ReviewCard } from "../../../components/review-card";
import { reviewsQueryOptions } from "../api/get-reviews";

/**
 * Cards shown at first, and added by each "Show more reviews": the server answers up to 50 reviews,
 * and 50 cards (a thousand elements) made the home page slow to lay out on a phone and long to scroll
 * past. Both divide by the grid's two and three columns.
 */
export const REVIEWS_SHOWN_FIRST = 6;
export const MORE_REVIEWS_SHOWN = 12;

/** The home page's "Our Review" section. */
export function ReviewsSection() {
  const query = useQuery(reviewsQueryOptions);

  return (
    <section id="reviews" aria-labelledby="reviews-heading" className="py-16">
      <div className="mx-auto max-w-6xl px-4">
        <p className="font-semibold tracking-wider text-primary uppercase">What our customers say</p>
        <h2 id="reviews-heading" className="mt-1 text-3xl font-bold sm:text-4xl">
          Our Review
        </h2>
        <div className="mt-8">
          <QueryView
            query={query}
            pendingLabel="Loading reviews"
            pendingClassName="grid place-items-center py-12"
            errorTitle="The reviews could not be loaded."
            isEmpty={(reviews) => reviews.length === 0}
            empty={<p>No reviews yet.</p>}
          >
            {(reviews) => <ReviewList reviews={reviews} />}
          </QueryView>
        </div>
      </div>
    </section>
  );
}

/** The first reviews, and more of the same answer on demand. */
function ReviewList({ reviews }: { reviews: Review[] }) {
  const [shown, setShown] = useState(REVIEWS_SHOWN_FIRST);
  const list = useRef<HTMLUListElement>(null);

  const showMore = () => {
    const firstNew = shown;
    flushSync(() => setShown(shown + MORE_REVIEWS_SHOWN));
    // The keyboard and screen reader go on from the first new card, not from the top of the page.
    (list.current?.children[firstNew] as HTMLElement | undefined)?.focus();
  };

  const visible = reviews.slice(0, shown);
  return (
    <>
      <ul ref={list} className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {visible.map((review, index) => (
          <li
            // Reviews have no id in the API; their order is stable (newest first).
            // biome-ignore lint/suspicious/noArrayIndexKey: no identifier to key by
            key={index}
            // Focused from script only, by "Show more reviews".
            tabIndex={-1}
            className="rounded-box focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
          >
            <ReviewCard review={review} />
          </li>
        ))}
      </ul>
      {reviews.length > shown ? (
        <div className="mt-8 flex flex-col items-center gap-3">
          <p className="text-sm text-base-content/70">
            Showing {visible.length} of the latest {reviews.length} reviews
          </p>
          <button type="button" className="btn btn-outline btn-primary" onClick={showMore}>
            Show more reviews
          </button>
        </div>
      ) : null}
    </>
  );
}

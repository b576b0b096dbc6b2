import { useQuery } from "@tanstack/react-query";
import { QueryView } from "../../../components/query-view";
import { ReviewCard } from "../../../components/review-card";
import { reviewsQueryOptions } from "../api/get-reviews";

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
            {(reviews) => (
              <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
                {reviews.map((review, index) => (
                  // Reviews have no id in the API; their order is stable (newest first).
                  // biome-ignore lint/suspicious/noArrayIndexKey: no identifier to key by
                  <li key={index}>
                    <ReviewCard review={review} />
                  </li>
                ))}
              </ul>
            )}
          </QueryView>
        </div>
      </div>
    </section>
  );
}

// The schema.org Review items of a product page's JSON-LD (issue 12).
import type { Review } from "@toolshop/shared/reviews";

const MAX_STARS = 5;

/** schema.org Review items (https://schema.org/Review) for the Product's `review`. */
export function reviewsJsonLd(reviews: readonly Review[]) {
  return reviews.map((review) => ({
    "@type": "Review",
    reviewRating: {
      "@type": "Rating",
      ratingValue: Number(review.review),
      bestRating: MAX_STARS,
      worstRating: 1,
    },
    author: { "@type": "Person", name: review.name },
    reviewBody: review.comment,
  }));
}

// A product page's reviews (issue 12): the markup of the reviews section, which mirrors
// apps/web/src/features/storefront/components/product-reviews.tsx class for class (and its stars,
// features/reviews/components/star-rating.tsx), and the schema.org Review items of the JSON-LD.
import type { Review, ToolReviews } from "@toolshop/shared/reviews";
import { escapeHtml, formatCount } from "./html";

const MAX_STARS = 5;
const STAR_PATH = "M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9z";

/** Where a buyer writes a review of this tool: the dashboard's form, with the tool chosen. */
export function reviewLink(toolId: string): string {
  return `/dashboard/myreview?tool=${encodeURIComponent(toolId)}`;
}

/** As star-rating.tsx's starsOf: a whole number of stars within 0..5. */
function starsOf(rating: number): number {
  const value = Math.round(rating);
  return Number.isFinite(value) ? Math.min(MAX_STARS, Math.max(0, value)) : 0;
}

function starsMarkup(rating: number): string {
  const filled = starsOf(rating);
  const stars = Array.from(
    { length: MAX_STARS },
    (_, index) =>
      `<svg aria-hidden="true" viewBox="0 0 20 20" class="size-5 ${index < filled ? "text-amber-500" : "text-base-300"}" fill="currentColor"><path d="${STAR_PATH}"></path></svg>`,
  );
  return `<span role="img" aria-label="Rated ${filled} out of ${MAX_STARS}" class="inline-flex gap-0.5">${stars.join("")}</span>`;
}

/** "1 review", "12 reviews". */
export function reviewCountText(count: number): string {
  return `${formatCount(count)} ${count === 1 ? "review" : "reviews"}`;
}

function reviewItem(review: Review): string {
  const badge = review.verifiedBuyer
    ? `<span class="badge badge-success badge-sm font-medium">Verified buyer</span>`
    : "";
  return [
    `<li class="card h-full border border-base-300 bg-base-100 shadow-sm"><div class="card-body gap-3">`,
    `<div class="flex flex-wrap items-center gap-2"><p class="font-medium">Review Star: <span class="font-bold">${escapeHtml(review.review)}</span></p>${starsMarkup(Number(review.review))}</div>`,
    `<p class="break-words whitespace-pre-line text-base-content/90">${escapeHtml(review.comment)}</p>`,
    `<p class="mt-auto flex flex-wrap items-center gap-2 font-semibold">${escapeHtml(review.name)}${badge}</p>`,
    `</div></li>`,
  ].join("");
}

/** The reviews section: the average and count, the newest reviews, and where a buyer adds one. */
export function reviewsMarkup(toolId: string, reviews: ToolReviews): string {
  const summary =
    reviews.average === null || reviews.count === 0
      ? `<p class="text-base-content/80">No reviews of this tool yet.</p>`
      : `<div class="flex flex-wrap items-center gap-2">${starsMarkup(reviews.average)}<p class="text-base-content/80"><span class="font-bold text-base-content">${reviews.average.toFixed(1)}</span> out of 5 from ${reviewCountText(reviews.count)}</p></div>`;
  const list =
    reviews.reviews.length === 0
      ? ""
      : `<ul class="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">${reviews.reviews.map(reviewItem).join("")}</ul>`;
  return [
    `<section aria-labelledby="product-reviews-heading" class="flex flex-col gap-4 md:col-span-2">`,
    `<h2 id="product-reviews-heading" class="text-2xl font-bold">Reviews</h2>`,
    summary,
    list,
    `<p><a class="link link-primary" href="${escapeHtml(reviewLink(toolId))}">Bought this tool? Review it</a></p>`,
    `</section>`,
  ].join("");
}

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

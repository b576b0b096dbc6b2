const MAX_STARS = 5;

/** Parses the API's rating string ("1".."5") into a whole number of stars within 0..5. */
export function starsOf(rating: string): number {
  const value = Math.round(Number(rating));
  return Number.isFinite(value) ? Math.min(MAX_STARS, Math.max(0, value)) : 0;
}

/** Five stars, the first `rating` of them filled, read out as "Rated n out of 5". */
export function StarRating({ rating }: { rating: string }) {
  const filled = starsOf(rating);
  return (
    <span role="img" aria-label={`Rated ${filled} out of ${MAX_STARS}`} className="inline-flex gap-0.5">
      {Array.from({ length: MAX_STARS }, (_, index) => (
        <svg
          // biome-ignore lint/suspicious/noArrayIndexKey: the five stars are positional
          key={index}
          aria-hidden="true"
          viewBox="0 0 20 20"
          className={`size-5 ${index < filled ? "text-amber-500" : "text-base-300"}`}
          fill="currentColor"
        >
          <path d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9z" />
        </svg>
      ))}
    </span>
  );
}

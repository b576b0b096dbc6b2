import { z } from "zod";
import { multiLine } from "./text";

/** A review as GET /review shows it: the rating is a string "1".."5", as in the spec. */
export const reviewSchema = z.object({
  review: z.string(),
  comment: z.string(),
  name: z.string(),
  /** Beyond the spec: the author has a paid (or shipped, delivered) order. */
  verifiedBuyer: z.boolean().optional(),
});
export type Review = z.infer<typeof reviewSchema>;

export const RATING_OPTIONS = ["1", "2", "3", "4", "5"] as const;

export const RATING_MESSAGE = "Review must be a rating from 1 to 5";
export const COMMENT_REQUIRED = "Comment is required";
export const COMMENT_MAX_LENGTH = 1000;
export const COMMENT_TOO_LONG = `The comment must be at most ${COMMENT_MAX_LENGTH} characters`;
export const REVIEW_ADDED = "Thank you! Your review was added";

export const TOOL_NOT_BOUGHT =
  "You can only review a tool you have bought: it must be in one of your paid, shipped or delivered orders.";

/**
 * `POST /api/review` and the review form: the rating (the form's select sends "1".."5", a JSON client
 * may send the number), the comment, and optionally the tool reviewed (the form's "What are you
 * reviewing?" sends "" for the shop in general). The reviewer's name and email come from the access
 * token; the server checks that they bought the tool.
 */
export const reviewInputSchema = z.object({
  toolId: z
    .union([z.literal(""), z.uuid(TOOL_NOT_BOUGHT)], { error: TOOL_NOT_BOUGHT })
    .nullish()
    .transform((id) => id || undefined),
  review: z
    .union([z.string().trim().regex(/^\d+$/, RATING_MESSAGE), z.number()], { error: RATING_MESSAGE })
    .transform(Number)
    .pipe(z.number().int(RATING_MESSAGE).min(1, RATING_MESSAGE).max(5, RATING_MESSAGE)),
  comment: multiLine(
    z
      .string({ error: COMMENT_REQUIRED })
      .trim()
      .min(1, { error: COMMENT_REQUIRED, abort: true })
      .max(COMMENT_MAX_LENGTH, { error: COMMENT_TOO_LONG, abort: true }),
    "The comment",
  ),
});
export type ReviewInput = z.infer<typeof reviewInputSchema>;

/** A tool the customer may review (GET /api/review/tools): one of their paid, shipped or delivered orders'. */
export const reviewableToolSchema = z.object({ _id: z.uuid(), name: z.string() });
export type ReviewableTool = z.infer<typeof reviewableToolSchema>;

/** How many of a tool's newest reviews its page shows (and GET /api/tools/:id/reviews answers). */
export const TOOL_REVIEWS_SHOWN = 6;

/**
 * A tool's visible reviews (GET /api/tools/:id/reviews, and the product page): the average rating
 * (one decimal) and count of all of them, and the newest few. average is null when there are none.
 */
export const toolReviewsSchema = z.object({
  average: z.number().nullable(),
  count: z.number().int(),
  reviews: z.array(reviewSchema),
});
export type ToolReviews = z.infer<typeof toolReviewsSchema>;

/** A customer posts at most one review a day: POST /api/review answers 429 before then. */
export const REVIEW_INTERVAL_MS = 24 * 60 * 60 * 1000;

/** The 429's sentence: when the customer may post again (a UTC time, the same for server and form). */
export function reviewTooSoonMessage(nextAllowedAt: Date): string {
  const when = nextAllowedAt.toISOString().slice(0, 16).replace("T", " ");
  return `You can post one review a day. You can post your next review after ${when} UTC.`;
}

/** A review as the admins' moderation list shows it (GET /api/reviews), with its author. */
export const moderatedReviewSchema = z.object({
  _id: z.string(),
  review: z.string(),
  comment: z.string(),
  name: z.string(),
  email: z.string(),
  hidden: z.boolean(),
  hiddenAt: z.string().nullable(),
  createdAt: z.string(),
  /** The tool the review is about, or null for a review of the shop in general (or of a removed tool). */
  tool: z.object({ _id: z.string(), name: z.string() }).nullable(),
});
export type ModeratedReview = z.infer<typeof moderatedReviewSchema>;

/** Reviews per page of GET /api/reviews; the next page's cursor comes in the X-Next-Cursor header. */
export const REVIEWS_PAGE_SIZE = 100;

export const reviewIdParamsSchema = z.object({ id: z.uuid("There is no review with this id") });

/** PATCH /api/reviews/:id: hide a review from the public list, or show it again. */
export const reviewVisibilitySchema = z.object({
  hidden: z.boolean({ error: "hidden must be true or false" }),
});

export const deleteReviewResponseSchema = z.object({ deletedCount: z.number().int() });

export const REVIEW_HIDDEN = "The review is hidden from the home page";
export const REVIEW_SHOWN = "The review is shown on the home page again";
export const REVIEW_DELETED = "The review was deleted";

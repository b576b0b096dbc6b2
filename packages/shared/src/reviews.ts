import { z } from "zod";
import { multiLine } from "./text";

/** A review as GET /review shows it: the rating is a string "1".."5", as in the spec. */
export const reviewSchema = z.object({
  review: z.string(),
  comment: z.string(),
  name: z.string(),
});
export type Review = z.infer<typeof reviewSchema>;

export const RATING_OPTIONS = ["1", "2", "3", "4", "5"] as const;

export const RATING_MESSAGE = "Review must be a rating from 1 to 5";
export const COMMENT_REQUIRED = "Comment is required";
export const COMMENT_MAX_LENGTH = 1000;
export const COMMENT_TOO_LONG = `The comment must be at most ${COMMENT_MAX_LENGTH} characters`;
export const REVIEW_ADDED = "Thank you! Your review was added";

/**
 * `POST /api/review` and the review form: the rating (the form's select sends "1".."5", a JSON client
 * may send the number) and the comment. The reviewer's name and email come from the access token.
 */
export const reviewInputSchema = z.object({
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

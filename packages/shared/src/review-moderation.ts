import { z } from "zod";
import { pageQueryFields } from "./paging";
import { EMAIL_MAX_LENGTH, oneLine } from "./text";

// The admins' moderation list, GET /api/reviews (issue 13): which reviews, and whose.

export const reviewVisibilities = ["all", "visible", "hidden"] as const;
export type ReviewVisibility = (typeof reviewVisibilities)[number];

/** GET /api/reviews?visibility=&q=&cursor=&limit=: every parameter optional; without any, the newest 100. */
export const moderatedReviewsQuerySchema = z.object({
  visibility: z
    .enum(reviewVisibilities, { error: "The visibility must be all, visible or hidden" })
    .optional()
    .describe("visible: shown on the home page; hidden: hidden by an admin; all (the default): both"),
  q: oneLine(
    z
      .string()
      .trim()
      .toLowerCase()
      .max(EMAIL_MAX_LENGTH, `The search must be at most ${EMAIL_MAX_LENGTH} characters`),
    "The search",
  )
    .optional()
    .describe("Reviews whose author's email or name starts with this text (case-insensitive)"),
  ...pageQueryFields(),
});
export type ModeratedReviewsQuery = z.infer<typeof moderatedReviewsQuerySchema>;

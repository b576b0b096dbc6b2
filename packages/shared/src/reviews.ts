import { z } from "zod";

/** A review as GET /review shows it: the rating is a string "1".."5", as in the spec. */
export const reviewSchema = z.object({
  review: z.string(),
  comment: z.string(),
  name: z.string(),
});
export type Review = z.infer<typeof reviewSchema>;

export const RATING_OPTIONS = ["1", "2", "3", "4", "5"] as const;

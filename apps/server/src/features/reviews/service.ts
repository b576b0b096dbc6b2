import type { Database } from "@toolshop/db/client";
import { reviews } from "@toolshop/db/schema";
import type { Review } from "@toolshop/shared/reviews";
import { desc } from "drizzle-orm";

/** The home page shows the newest reviews; older ones stay stored but are not sent. */
export const REVIEWS_SHOWN = 50;

/** Newest first, as GET /review answers them: the rating as a string "1".."5". */
export async function listReviews(db: Database): Promise<Review[]> {
  const rows = await db
    .select({ rating: reviews.rating, comment: reviews.comment, name: reviews.name })
    .from(reviews)
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(REVIEWS_SHOWN);
  return rows.map((row) => ({ review: String(row.rating), comment: row.comment, name: row.name }));
}

import type { Database } from "@toolshop/db/client";
import { reviews, users } from "@toolshop/db/schema";
import type { Review, ReviewInput } from "@toolshop/shared/reviews";
import { desc, eq } from "drizzle-orm";
import type { DomainEventPublisher } from "../../lib/domain-events";
import type { TokenUser } from "../../plugins/auth/access-token";

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

/**
 * Stores a review by the token's user. The name shown with it is the user's profile name (their
 * sign-up name until they change it), else the part of the email before the @: never what the
 * request body claims. Answers the review as GET /review shows it, or null when the user is gone.
 * Publishes ReviewChanged once stored (the catalogue cache drops its list).
 */
export async function addReview(
  ctx: { db: Database; events: DomainEventPublisher },
  user: TokenUser,
  input: ReviewInput,
): Promise<Review | null> {
  const { db } = ctx;
  const [author] = await db
    .select({ id: users.id, email: users.email, displayName: users.displayName })
    .from(users)
    .where(eq(users.id, user.id));
  if (!author) return null;
  const name = author.displayName?.trim() || author.email.split("@")[0] || author.email;
  const [row] = await db
    .insert(reviews)
    .values({ userId: author.id, name, email: author.email, rating: input.review, comment: input.comment })
    .returning({ rating: reviews.rating, comment: reviews.comment, name: reviews.name });
  if (!row) throw new Error("The review insert returned no row.");
  await ctx.events.publish({ type: "ReviewChanged" });
  return { review: String(row.rating), comment: row.comment, name: row.name };
}

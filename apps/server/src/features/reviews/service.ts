import type { Database } from "@toolshop/db/client";
import { orderLines, orders, reviews, users } from "@toolshop/db/schema";
import { REVIEW_INTERVAL_MS, type Review, type ReviewInput } from "@toolshop/shared/reviews";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { DomainEventPublisher } from "../../lib/domain-events";
import type { TokenUser } from "../../plugins/auth/access-token";

/** The home page shows the newest reviews; older ones stay stored but are not sent. */
export const REVIEWS_SHOWN = 50;

/** The order states that make a reviewer a "verified buyer": the shop has been paid. */
export const BUYER_STATUSES = ["paid", "shipped", "delivered"] as const;

/**
 * Newest first, as GET /review answers them: the rating as a string "1".."5", hidden reviews left out.
 * verifiedBuyer is computed here (one EXISTS on orders_user_created_idx) rather than stored with the
 * review, so a purchase after the review counts too; the list is cached, and a payment or refund
 * publishes ReviewChanged (buyer-events.ts) so that the cached list follows.
 */
export async function listReviews(db: Database): Promise<Review[]> {
  const rows = await db
    .select({
      rating: reviews.rating,
      comment: reviews.comment,
      name: reviews.name,
      verifiedBuyer: sql<boolean>`exists (select 1 from ${orders} where ${eq(orders.userId, reviews.userId)} and ${inArray(orders.status, [...BUYER_STATUSES])})`,
    })
    .from(reviews)
    .where(eq(reviews.hidden, false))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(REVIEWS_SHOWN);
  // Sent only when true: the spec's reviews keep their three fields.
  return rows.map((row) => ({
    review: String(row.rating),
    comment: row.comment,
    name: row.name,
    ...(row.verifiedBuyer ? { verifiedBuyer: true } : {}),
  }));
}

export type AddReviewOutcome =
  | { kind: "added"; review: Review }
  | { kind: "no-such-user" }
  /** The review names a tool that is in none of the author's paid, shipped or delivered orders. */
  | { kind: "not-bought" }
  /** The author posted a review less than a day ago; they may post again from this time. */
  | { kind: "too-soon"; nextAllowedAt: Date };

/**
 * Stores a review by the token's user, at most one a day (hidden ones count; deleted ones do not),
 * of the shop or of one tool: then only of a tool in one of the author's own paid, shipped or
 * delivered orders (whose tool id is still set: a deleted tool cannot be reviewed).
 * The name shown with it is the user's profile name (their sign-up name until they change it), else
 * the part of the email before the @: never what the request body claims. The user's row is locked
 * while checking, so two posts at once cannot both pass the daily check.
 * Publishes ReviewChanged once committed (the catalogue cache drops its list).
 */
export async function addReview(
  ctx: { db: Database; events: DomainEventPublisher },
  user: TokenUser,
  input: ReviewInput,
): Promise<AddReviewOutcome> {
  const outcome = await ctx.db.transaction(async (tx): Promise<AddReviewOutcome> => {
    const [author] = await tx
      .select({ id: users.id, email: users.email, displayName: users.displayName })
      .from(users)
      .where(eq(users.id, user.id))
      .for("update");
    if (!author) return { kind: "no-such-user" };
    if (input.toolId && !(await hasBought(tx, author.id, input.toolId))) return { kind: "not-bought" };
    const [latest] = await tx
      .select({ createdAt: reviews.createdAt })
      .from(reviews)
      .where(eq(reviews.userId, author.id))
      .orderBy(desc(reviews.createdAt))
      .limit(1);
    if (latest) {
      const nextAllowedAt = new Date(latest.createdAt.getTime() + REVIEW_INTERVAL_MS);
      if (nextAllowedAt.getTime() > Date.now()) return { kind: "too-soon", nextAllowedAt };
    }
    const name = author.displayName?.trim() || author.email.split("@")[0] || author.email;
    const [row] = await tx
      .insert(reviews)
      .values({
        userId: author.id,
        toolId: input.toolId ?? null,
        name,
        email: author.email,
        rating: input.review,
        comment: input.comment,
      })
      .returning({ rating: reviews.rating, comment: reviews.comment, name: reviews.name });
    if (!row) throw new Error("The review insert returned no row.");
    return { kind: "added", review: { review: String(row.rating), comment: row.comment, name: row.name } };
  });
  if (outcome.kind === "added") await ctx.events.publish({ type: "ReviewChanged" });
  return outcome;
}

/** Whether the user has a paid (or shipped, delivered) order with the tool on any of its lines. */
async function hasBought(db: Pick<Database, "select">, userId: string, toolId: string): Promise<boolean> {
  const [order] = await db
    .select({ id: orders.id })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(
      and(
        eq(orderLines.toolId, toolId),
        eq(orders.userId, userId),
        inArray(orders.status, [...BUYER_STATUSES]),
      ),
    )
    .limit(1);
  return order !== undefined;
}

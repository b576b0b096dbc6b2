// The admins' moderation of reviews (issue 11): every review with its author, hide/show, delete.
// Each change publishes ReviewChanged after it has committed, so every process drops its cached list.

import type { Database } from "@toolshop/db/client";
import { reviews, tools, users } from "@toolshop/db/schema";
import type { ModeratedReviewsQuery } from "@toolshop/shared/review-moderation";
import { type ModeratedReview, REVIEWS_PAGE_SIZE } from "@toolshop/shared/reviews";
import { and, desc, eq, like, or, type SQL, sql } from "drizzle-orm";
import type { DomainEventPublisher } from "../../lib/domain-events";
import {
  asCursorTimestamp,
  cursorCodec,
  cursorTimestampOf,
  cursorValue,
  keysetPage,
} from "../../lib/keyset-page";
import { startsWith } from "../../lib/like-pattern";
import { createPreparedQueries, plannedOnce } from "../../lib/prepared-queries";

interface ModerationContext {
  db: Database;
  events: DomainEventPublisher;
}

export interface ModeratedReviewPage {
  reviews: ModeratedReview[];
  /** Opaque: where the next page starts, or null after the last one. */
  nextCursor: string | null;
}

// The cursor: the last row's created_at to the microsecond and its id, so it compares exactly and still
// works when its review has been deleted meanwhile.
const reviewsCursor = cursorCodec(cursorValue.timestamp, cursorValue.id);

const columns = {
  id: reviews.id,
  rating: reviews.rating,
  comment: reviews.comment,
  name: reviews.name,
  email: reviews.email,
  hidden: reviews.hidden,
  hiddenAt: reviews.hiddenAt,
  createdAt: reviews.createdAt,
  toolId: reviews.toolId,
  // A subquery rather than a join: UPDATE ... RETURNING (setReviewHidden) answers the same columns.
  toolName: sql<string | null>`(select ${tools.name} from ${tools} where ${tools.id} = ${reviews.toolId})`,
};

interface Row {
  id: string;
  rating: number;
  comment: string;
  name: string;
  email: string;
  hidden: boolean;
  hiddenAt: Date | null;
  createdAt: Date;
  toolId: string | null;
  toolName: string | null;
}

function toModerated(row: Row): ModeratedReview {
  return {
    _id: row.id,
    review: String(row.rating),
    comment: row.comment,
    name: row.name,
    email: row.email,
    hidden: row.hidden,
    hiddenAt: row.hiddenAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    tool: row.toolId && row.toolName !== null ? { _id: row.toolId, name: row.toolName } : null,
  };
}

/**
 * One page of every review, hidden ones too, newest first; keyset paging on (created_at, id). The
 * visibility filter and the author search (email or name prefix) are conditions on the walk down
 * reviews_created_idx: no index of their own, as the reviews table grows by at most one review per
 * customer a day; a page stops as soon as it has its rows.
 */
export async function listAllReviews(
  db: Database,
  query: ModeratedReviewsQuery = {},
): Promise<ModeratedReviewPage> {
  const limit = query.limit ?? REVIEWS_PAGE_SIZE;
  const conditions: (SQL | undefined)[] = [];
  if (query.visibility === "visible") conditions.push(eq(reviews.hidden, false));
  if (query.visibility === "hidden") conditions.push(eq(reviews.hidden, true));
  if (query.q) {
    const pattern = startsWith(query.q);
    conditions.push(
      or(like(sql`lower(${reviews.email})`, pattern), like(sql`lower(${reviews.name})`, pattern)),
    );
  }
  if (query.cursor) {
    const [at, id] = reviewsCursor.decode(query.cursor);
    conditions.push(sql`(${reviews.createdAt}, ${reviews.id}) < (${asCursorTimestamp(at)}, ${id}::uuid)`);
  }
  const rows = await db
    .select({ ...columns, cursorAt: cursorTimestampOf(reviews.createdAt) })
    .from(reviews)
    .where(and(...conditions))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(limit + 1);
  const page = keysetPage(rows, limit, (last) => reviewsCursor.encode([last.cursorAt, last.id]));
  return { reviews: page.rows.map(toModerated), nextCursor: page.nextCursor };
}

/** Hides a review from the public list or shows it again; null when there is no such review. */
export async function setReviewHidden(
  ctx: ModerationContext,
  id: string,
  hidden: boolean,
): Promise<ModeratedReview | null> {
  const [row] = await ctx.db
    .update(reviews)
    .set({ hidden, hiddenAt: hidden ? sql`coalesce(${reviews.hiddenAt}, now())` : null })
    .where(eq(reviews.id, id))
    .returning(columns);
  if (!row) return null;
  await ctx.events.publish({ type: "ReviewChanged" });
  return toModerated(row);
}

/** Deletes a review for good; answers how many were deleted (0 when it was already gone). */
export async function deleteReview(ctx: ModerationContext, id: string): Promise<number> {
  const deleted = await ctx.db.delete(reviews).where(eq(reviews.id, id)).returning({ id: reviews.id });
  if (deleted.length > 0) await ctx.events.publish({ type: "ReviewChanged" });
  return deleted.length;
}

const prepared = createPreparedQueries();

/**
 * Whether any of the users with these (lower-case) emails has a review: only then can their payments
 * change the list. Asked for every few payments (buyer-events.ts): built once per database (decision
 * 0016), planned once per connection (0020).
 */
export async function someoneHasReview(db: Database, emails: string[]): Promise<boolean> {
  const query = prepared(db, "has-review", () =>
    db
      .select({ id: reviews.id })
      .from(reviews)
      .innerJoin(users, eq(users.id, reviews.userId))
      .where(sql`${users.email} = any(${sql.placeholder("emails")}::text[])`)
      .limit(1)
      .prepare(plannedOnce("reviews/has-review")),
  );
  const [row] = await query.execute({ emails });
  return row !== undefined;
}

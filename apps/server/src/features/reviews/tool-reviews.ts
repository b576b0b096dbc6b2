// Reviews of one tool (issue 12): what its product page shows, and the tools a customer may review.
import type { Database } from "@toolshop/db/client";
import { orderLines, orders, reviews, tools } from "@toolshop/db/schema";
import { type ReviewableTool, TOOL_REVIEWS_SHOWN, type ToolReviews } from "@toolshop/shared/reviews";
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { BUYER_STATUSES } from "./service";

/**
 * The tool's visible reviews: the average (one decimal) and count of all of them, and the newest few.
 * Both reads use reviews_tool_visible_created_idx (0012). "Verified buyer" here means a buyer of this
 * tool: it was checked when the review was posted, but a refund may have undone it since.
 */
export async function toolReviews(db: Database, toolId: string): Promise<ToolReviews> {
  const visible = and(eq(reviews.toolId, toolId), eq(reviews.hidden, false));
  const [totals] = await db
    .select({
      count: sql<number>`count(*)::int`,
      average: sql<string | null>`round(avg(${reviews.rating}), 1)::text`,
    })
    .from(reviews)
    .where(visible);
  const count = totals?.count ?? 0;
  if (count === 0) return { average: null, count: 0, reviews: [] };
  const rows = await db
    .select({
      rating: reviews.rating,
      comment: reviews.comment,
      name: reviews.name,
      // Any line of any of the author's paid orders.
      verifiedBuyer: sql<boolean>`exists (select 1 from ${orderLines} inner join ${orders} on ${eq(orders.id, orderLines.orderId)} where ${and(
        eq(orderLines.toolId, reviews.toolId),
        eq(orders.userId, reviews.userId),
        inArray(orders.status, [...BUYER_STATUSES]),
      )})`,
    })
    .from(reviews)
    .where(visible)
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(TOOL_REVIEWS_SHOWN);
  return {
    average: Number(totals?.average),
    count,
    reviews: rows.map((row) => ({
      review: String(row.rating),
      comment: row.comment,
      name: row.name,
      ...(row.verifiedBuyer ? { verifiedBuyer: true } : {}),
    })),
  };
}

/** The tool's reviews, or undefined when there is no such tool (GET /api/tools/:id/reviews: 404). */
export async function findToolReviews(db: Database, toolId: string): Promise<ToolReviews | undefined> {
  const [tool] = await db.select({ id: tools.id }).from(tools).where(eq(tools.id, toolId));
  return tool ? toolReviews(db, tool.id) : undefined;
}

/**
 * The tools the user may review: those of their paid, shipped or delivered orders still in the
 * catalogue, by name. No more than the catalogue holds, so not paged.
 */
export async function reviewableTools(db: Database, userId: string): Promise<ReviewableTool[]> {
  const rows = await db
    .selectDistinct({ id: tools.id, name: tools.name })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .innerJoin(tools, eq(tools.id, orderLines.toolId))
    .where(and(eq(orders.userId, userId), inArray(orders.status, [...BUYER_STATUSES])))
    .orderBy(asc(tools.name), asc(tools.id));
  return rows.map((row) => ({ _id: row.id, name: row.name }));
}

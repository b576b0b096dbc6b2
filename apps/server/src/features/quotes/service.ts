// Requests for a quote / contact messages from the home page: stored for the admins' list and mailed
// to the sales team.

import type { Database } from "@toolshop/db/client";
import { quotes } from "@toolshop/db/schema";
import {
  OPEN_QUOTES_COUNT_CAP,
  type OpenQuotesCount,
  QUOTES_PAGE_SIZE,
  type QuoteRequest,
  type QuotesQuery,
  type StoredQuote,
} from "@toolshop/shared/quotes";
import { and, desc, eq, like, or, type SQL, sql } from "drizzle-orm";
import {
  asCursorTimestamp,
  cursorCodec,
  cursorTimestampOf,
  cursorValue,
  keysetPage,
} from "../../lib/keyset-page";
import { startsWith } from "../../lib/like-pattern";

type QuoteRow = typeof quotes.$inferSelect;

function toStoredQuote(row: QuoteRow): StoredQuote {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone ?? "",
    company: row.company ?? "",
    tool: row.tool ?? "",
    quantity: row.quantity,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
    handled: row.handled,
  };
}

export async function storeQuote(db: Database, request: QuoteRequest): Promise<StoredQuote> {
  const [row] = await db
    .insert(quotes)
    .values({
      name: request.name,
      email: request.email.toLowerCase(),
      phone: request.phone || null,
      company: request.company || null,
      tool: request.tool || null,
      quantity: request.quantity ?? null,
      message: request.message,
    })
    .returning();
  if (!row) throw new Error("The quote insert returned no row.");
  return toStoredQuote(row);
}

export interface QuotesPage {
  quotes: StoredQuote[];
  /** Opaque: where the next page starts, or null after the last one. */
  nextCursor: string | null;
}

// The cursor: the last row's created_at to the microsecond and its id.
const quotesCursor = cursorCodec(cursorValue.timestamp, cursorValue.id);

/**
 * One page of the requests, newest first. Keyset paging on (created_at, id), never OFFSET: each page
 * costs the same however deep (quotes_created_idx, or quotes_handled_created_idx with a status). The
 * search is a prefix of the email (stored lower-case), the name or the company (lower-cased): each has
 * a text_pattern_ops index, so the three make one bitmap OR; a "contains" search could use none.
 */
export async function listQuotes(db: Database, query: QuotesQuery = {}): Promise<QuotesPage> {
  const limit = query.limit ?? QUOTES_PAGE_SIZE;
  const conditions: (SQL | undefined)[] = [];
  if (query.q) {
    const pattern = startsWith(query.q);
    conditions.push(
      or(
        like(quotes.email, pattern),
        like(sql`lower(${quotes.name})`, pattern),
        like(sql`lower(${quotes.company})`, pattern),
      ),
    );
  }
  if (query.status) conditions.push(eq(quotes.handled, query.status === "handled"));
  if (query.cursor) {
    const [at, id] = quotesCursor.decode(query.cursor);
    conditions.push(sql`(${quotes.createdAt}, ${quotes.id}) < (${asCursorTimestamp(at)}, ${id}::uuid)`);
  }
  const rows = await db
    .select({
      row: quotes,
      at: cursorTimestampOf(quotes.createdAt),
    })
    .from(quotes)
    .where(and(...conditions))
    .orderBy(desc(quotes.createdAt), desc(quotes.id))
    .limit(limit + 1);
  const page = keysetPage(rows, limit, (last) => quotesCursor.encode([last.at, last.row.id]));
  return { quotes: page.rows.map(({ row }) => toStoredQuote(row)), nextCursor: page.nextCursor };
}

/**
 * How many requests are not handled yet, for the dashboard's menu: read from quotes_handled_created_idx
 * and stopped after OPEN_QUOTES_COUNT_CAP + 1, so a backlog costs no more than a page.
 */
export async function countOpenQuotes(db: Database): Promise<OpenQuotesCount> {
  const open = db
    .select({ one: sql`1` })
    .from(quotes)
    .where(eq(quotes.handled, false))
    .limit(OPEN_QUOTES_COUNT_CAP + 1)
    .as("open");
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(open);
  const count = row?.count ?? 0;
  return { count: Math.min(count, OPEN_QUOTES_COUNT_CAP), more: count > OPEN_QUOTES_COUNT_CAP };
}

/** Marks a request handled (or open again); null when there is no such request. */
export async function setQuoteHandled(
  db: Database,
  id: string,
  handled: boolean,
): Promise<StoredQuote | null> {
  const [row] = await db.update(quotes).set({ handled }).where(eq(quotes.id, id)).returning();
  return row ? toStoredQuote(row) : null;
}

// GET /api/quotes/mine one page at a time: the signed-in customer's quotes, and the visitor messages
// sent from their email before they had an account (once the account proved that address), newest first.
import type { Database } from "@toolshop/db/client";
import { quotes } from "@toolshop/db/schema";
import { MY_QUOTES_PAGE_SIZE, type MyQuotesQuery } from "@toolshop/shared/quote-offers";
import { and, desc, lte, sql } from "drizzle-orm";
import {
  asCursorTimestamp,
  cursorCodec,
  cursorTimestampOf,
  cursorValue,
  keysetPage,
} from "../../lib/keyset-page";
import { claimableBy, provenAddress } from "../../policy/address-claims";
import type { QuoteRow } from "./lifecycle";
import type { Requester } from "./service";

export interface MyQuotesPage {
  rows: QuoteRow[];
  /** Opaque: where the next page starts, or null after the last one. */
  nextCursor: string | null;
}

// The last row's created_at to the microsecond and its id, as the other lists' cursors carry them.
const myQuotesCursor = cursorCodec(cursorValue.timestamp, cursorValue.id);

/**
 * One page of the customer's quotes, keyset on (created_at, id), never OFFSET: each page costs the same
 * however deep (quotes_user_created_idx; the email's own index for the visitor messages), and a quote
 * asked for between two pages never shifts the next one.
 */
export async function pageOfMyQuotes(
  db: Database,
  requester: Requester,
  query: MyQuotesQuery = {},
): Promise<MyQuotesPage> {
  const limit = query.limit ?? MY_QUOTES_PAGE_SIZE;
  const after = query.cursor ? myQuotesCursor.decode(query.cursor) : undefined;
  // A visitor's messages from the account's address are listed only once the account proved it.
  const theirs = claimableBy(quotes, requester, await provenAddress(db, requester));
  const before = after
    ? and(
        lte(quotes.createdAt, asCursorTimestamp(after[0])),
        sql`(${quotes.createdAt}, ${quotes.id}) < (${asCursorTimestamp(after[0])}, ${after[1]}::uuid)`,
      )
    : undefined;
  const found = await db
    .select({ row: quotes, position: cursorTimestampOf(quotes.createdAt) })
    .from(quotes)
    .where(and(theirs, before))
    .orderBy(desc(quotes.createdAt), desc(quotes.id))
    .limit(limit + 1);
  const page = keysetPage(found, limit, (last) => myQuotesCursor.encode([last.position, last.row.id]));
  return { rows: page.rows.map(({ row }) => row), nextCursor: page.nextCursor };
}

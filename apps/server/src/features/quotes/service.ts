// Requests for a quote / contact messages from the home page: stored for the admins' list and mailed
// to the sales team, the mail queued in the request's own transaction (quote-outbox.ts).

import type { Database } from "@toolshop/db/client";
import { quoteHistory, quoteLines, quotes, tools, users } from "@toolshop/db/schema";
import { effectiveQuoteState } from "@toolshop/shared/quote-lifecycle";
import {
  QUOTE_LINES_REPEATED,
  type QuoteLineInput,
  type QuoteRequestBody,
} from "@toolshop/shared/quote-offers";
import {
  OPEN_QUOTES_COUNT_CAP,
  type OpenQuotesCount,
  QUOTES_PAGE_SIZE,
  type QuotesQuery,
  type StoredQuote,
} from "@toolshop/shared/quotes";
import { and, desc, eq, gt, inArray, like, lte, or, type SQL, sql } from "drizzle-orm";
import { HttpError } from "../../lib/http-errors";
import {
  asCursorTimestamp,
  cursorCodec,
  cursorTimestampOf,
  cursorValue,
  keysetPage,
} from "../../lib/keyset-page";
import { startsWith } from "../../lib/like-pattern";
import { linesWithToolIds } from "../tools/skus";
import type { QuoteMails } from "./quote-outbox";
import type { RequestedLine } from "./sales-email";

type QuoteRow = typeof quotes.$inferSelect;

type AskedLine = StoredQuote["lines"][number];

function toStoredQuote(row: QuoteRow, lines: readonly AskedLine[] = []): StoredQuote {
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
    state: effectiveQuoteState(row.state, row.validUntil),
    lines: [...lines],
  };
}

/** The lines these requests asked for, in one query, each request's in its order. */
async function askedLinesOf(db: Pick<Database, "select">, ids: readonly string[]) {
  const byQuote = new Map<string, AskedLine[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return byQuote;
  const rows = await db
    .select({
      quoteId: quoteLines.quoteId,
      name: quoteLines.name,
      sku: quoteLines.sku,
      quantity: quoteLines.quantity,
    })
    .from(quoteLines)
    .where(inArray(quoteLines.quoteId, [...ids]))
    .orderBy(quoteLines.quoteId, quoteLines.position);
  for (const { quoteId, ...line } of rows) byQuote.get(quoteId)?.push(line);
  return byQuote;
}

/** Who asks: a signed-in customer (their account's email, their lines) or a visitor (null). */
export interface Requester {
  id: string;
  email: string;
}

/** A request as stored, its lines named from the catalogue, and how many of the sales team were mailed. */
export interface StoredRequest {
  quote: StoredQuote;
  lines: RequestedLine[];
  /** 0 only in a shop without SALES_EMAIL and without any admin. */
  mailed: number;
}

/**
 * Stores a request and its first history line, and queues the sales team's mail with them; a
 * signed-in customer's is theirs (the account's email, whatever the body says) with its lines named
 * from the catalogue. A visitor cannot send lines.
 */
export async function storeQuote(
  db: Database,
  mails: QuoteMails,
  request: QuoteRequestBody,
  requester: Requester | null,
): Promise<StoredRequest> {
  if (request.lines && !requester) {
    throw new HttpError(401, "Please sign in to ask for a price on tools from your cart.");
  }
  const email = requester?.email ?? request.email ?? "";
  return db.transaction(async (tx) => {
    // A line may name its tool by SKU; it is stored by the tool's id, with the SKU as it is now.
    const asked = request.lines ? await linesWithToolIds(tx, request.lines, QUOTE_LINES_REPEATED) : [];
    const named = asked.length > 0 ? await toolsOf(tx, asked) : [];
    const name = request.name || (requester ? await accountName(tx, requester) : "") || email;
    const [row] = await tx
      .insert(quotes)
      .values({
        userId: requester?.id ?? null,
        name,
        email: email.toLowerCase(),
        phone: request.phone || null,
        company: request.company || null,
        tool: request.tool || null,
        quantity: request.quantity ?? null,
        message: request.message ?? "",
      })
      .returning();
    if (!row) throw new Error("The quote insert returned no row.");
    if (named.length > 0) {
      await tx
        .insert(quoteLines)
        .values(named.map((line, position) => ({ ...line, quoteId: row.id, position })));
    }
    await tx.insert(quoteHistory).values({ quoteId: row.id, state: "requested", at: row.createdAt });
    const quote = toStoredQuote(
      row,
      named.map(({ name, sku, quantity }) => ({ name, sku, quantity })),
    );
    const lines = named.map(({ name, quantity }) => ({ name, quantity }));
    return { quote, lines, mailed: await mails.requested(tx, quote, lines) };
  });
}

/**
 * The name a signed-in customer goes by in the shop (their profile's display name), for a request whose
 * form sent none, as the cart's does: the owner's card and mails then name the person, not the address.
 */
async function accountName(db: Pick<Database, "select">, requester: Requester): Promise<string> {
  const [user] = await db
    .select({ displayName: users.displayName })
    .from(users)
    .where(eq(users.id, requester.id));
  return user?.displayName?.trim() ?? "";
}

/** The lines with each tool's name and picture; 404 naming a tool that is not in the catalogue. */
async function toolsOf(db: Pick<Database, "select">, lines: readonly QuoteLineInput[]) {
  const ids = lines.map((line) => line.toolId);
  const found = await db
    .select({ id: tools.id, name: tools.name, image: tools.image, sku: tools.sku })
    .from(tools)
    .where(inArray(tools.id, ids));
  const byId = new Map(found.map((tool) => [tool.id, tool]));
  const missing = ids.filter((id) => !byId.has(id));
  if (missing.length > 0) throw new HttpError(404, `There is no tool with the id ${missing.join(", ")}.`);
  return lines.map((line) => {
    const tool = byId.get(line.toolId) as { name: string; image: string; sku: string };
    return {
      toolId: line.toolId,
      name: tool.name,
      image: tool.image,
      sku: tool.sku,
      quantity: line.quantity,
    };
  });
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
 * costs the same however deep (quotes_created_idx, or quotes_state_created_idx with a state). The
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
  if (query.state) conditions.push(inState(query.state));
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
  const asked = await askedLinesOf(
    db,
    page.rows.map(({ row }) => row.id),
  );
  return {
    quotes: page.rows.map(({ row }) => toStoredQuote(row, asked.get(row.id))),
    nextCursor: page.nextCursor,
  };
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
  if (!row) return null;
  return toStoredQuote(row, (await askedLinesOf(db, [row.id])).get(row.id));
}

/**
 * The quotes in `state` as the API shows them: an offer past its validity is expired whether or not
 * the sweep (offers.ts) has stored it so yet.
 */
function inState(state: StoredQuote["state"]): SQL | undefined {
  const now = new Date();
  if (state === "offered") return and(eq(quotes.state, "offered"), gt(quotes.validUntil, now));
  if (state === "expired") {
    return or(eq(quotes.state, "expired"), and(eq(quotes.state, "offered"), lte(quotes.validUntil, now)));
  }
  return eq(quotes.state, state);
}

// Requests for a quote / contact messages from the home page: stored for the admins' list and mailed
// to the sales team.
import type { Database } from "@toolshop/db/client";
import { quotes } from "@toolshop/db/schema";
import type { QuoteRequest, StoredQuote } from "@toolshop/shared/quotes";
import { desc, eq } from "drizzle-orm";

/** The admins' list shows this many of the newest requests. */
export const QUOTES_SHOWN = 200;

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

/** Newest first. */
export async function listQuotes(db: Database): Promise<StoredQuote[]> {
  const rows = await db
    .select()
    .from(quotes)
    .orderBy(desc(quotes.createdAt), desc(quotes.id))
    .limit(QUOTES_SHOWN);
  return rows.map(toStoredQuote);
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

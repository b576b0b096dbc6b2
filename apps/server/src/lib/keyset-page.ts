// Keyset paging of every list (docs/api/lists-and-search.md): the page from the rows a list read, and
// the one cursor codec. A cursor is base64url JSON of the last row's sort values and id; decoding
// checks every value as strictly as the server writes it, so no made-up value reaches SQL (a year 0 or
// a time-zone offset of 60 minutes made PostgreSQL's cast fail: a 500 with the query in the log).
import { CURSOR_NOT_OURS } from "@toolshop/shared/paging";
import { type Column, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { HttpError } from "./http-errors";

/**
 * A keyset page from the `limit + 1` rows a list read: the first `limit` rows, and the cursor of the
 * last of them when the extra row showed that another page follows (null after the last page).
 */
export function keysetPage<Row>(
  found: Row[],
  limit: number,
  cursorOf: (last: Row) => string,
): { rows: Row[]; nextCursor: string | null } {
  const rows = found.slice(0, limit);
  const last = rows.at(-1);
  return { rows, nextCursor: found.length > limit && last !== undefined ? cursorOf(last) : null };
}

/** An instant as a cursor carries it: UTC to the microsecond, in one spelling only. */
const CURSOR_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const CANONICAL_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** What PostgreSQL cannot take in text: control characters (NUL among them) and lone surrogates. */
const UNSTORABLE = /[\p{Cc}\p{Cs}]/u;

/** A real instant from 1970 to 9999: no 31 February, no 24:00, no year 0, which PostgreSQL refuses. */
function isRealInstant(value: string): boolean {
  const milliseconds = value.slice(0, 23);
  const time = new Date(`${milliseconds}Z`);
  return time.getTime() >= 0 && time.toISOString().startsWith(milliseconds);
}

/** The values a cursor may carry, each in the one form the server writes. */
export const cursorValue = {
  /** A row's created_at, selected with cursorTimestampOf. */
  timestamp: z.string().regex(CURSOR_TIMESTAMP).refine(isRealInstant),
  /** A row's id as PostgreSQL prints a uuid. */
  id: z.string().regex(CANONICAL_UUID),
  /** A text sort value (a name, an email) of at most `max` characters. */
  text: (max: number) =>
    z
      .string()
      .max(max)
      .refine((value) => !UNSTORABLE.test(value)),
  /** An integer sort value (a price in cents) within a database integer. */
  integer: z.number().int().min(0).max(2_147_483_647),
  boolean: z.boolean(),
};

/** created_at as cursorValue.timestamp spells it (microseconds: a JavaScript Date keeps milliseconds). */
export const cursorTimestampOf = (column: Column | SQL) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** A cursor's timestamp (bound as text) in SQL; its Z makes it UTC whatever the session's time zone. */
export const asCursorTimestamp = (value: unknown) => sql`${value}::timestamptz`;

/** Writes and reads one list's cursors. */
export interface CursorCodec<Values extends unknown[]> {
  encode(values: Values): string;
  /** The values of a cursor this codec wrote, or undefined for anything else. */
  parse(cursor: string): Values | undefined;
  /** The values of a cursor this codec wrote; a 400 with CURSOR_NOT_OURS for anything else. */
  decode(cursor: string): Values;
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** The codec of cursors holding these values, in this order, and nothing else. */
export function cursorCodec<const Items extends [z.ZodType, ...z.ZodType[]]>(
  ...items: Items
): CursorCodec<z.output<z.ZodTuple<Items, null>>> {
  type Values = z.output<z.ZodTuple<Items, null>>;
  const shape = z.tuple(items);
  const parse = (cursor: string): Values | undefined => {
    if (!BASE64URL.test(cursor)) return undefined;
    const text = Buffer.from(cursor, "base64url").toString("utf8");
    // Only the spelling the server writes: no stray bits, padding or bytes that are not UTF-8.
    if (Buffer.from(text, "utf8").toString("base64url") !== cursor) return undefined;
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return undefined;
    }
    const parsed = shape.safeParse(json);
    return parsed.success ? (parsed.data as Values) : undefined;
  };
  return {
    encode: (values) => Buffer.from(JSON.stringify(values), "utf8").toString("base64url"),
    parse,
    decode(cursor) {
      const values = parse(cursor);
      if (values === undefined) throw new HttpError(400, CURSOR_NOT_OURS);
      return values;
    },
  };
}

import { z } from "zod";

/** Every list's answer to a cursor it did not write (forged, truncated, from another list). */
export const CURSOR_NOT_OURS = "The cursor is not one this server gave; start again from the first page.";

interface PageQueryOptions {
  /** A cursor's longest spelling: it carries the last row's sort values, so it depends on the list. */
  cursorMaxLength?: number;
  /** The most rows one page may ask for. */
  maxLimit?: number;
  /** Where the next page's cursor comes from, for the OpenAPI. */
  cursorSource?: string;
  limitDescription?: string;
}

/**
 * `?cursor=&limit=` of every paged list (docs/api/lists-and-search.md): spread into each list's query
 * schema, so that every list answers the same messages.
 */
export function pageQueryFields({
  cursorMaxLength = 400,
  maxLimit = 100,
  cursorSource = "The X-Next-Cursor header of the previous page",
  limitDescription,
}: PageQueryOptions = {}) {
  const limitRange = `The limit must be between 1 and ${maxLimit}`;
  const limit = z.coerce
    .number({ error: "The limit must be a number" })
    .int("The limit must be a whole number")
    .min(1, limitRange)
    .max(maxLimit, limitRange)
    .optional();
  return {
    cursor: z.string().max(cursorMaxLength, CURSOR_NOT_OURS).optional().describe(cursorSource),
    limit: limitDescription ? limit.describe(limitDescription) : limit,
  };
}

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

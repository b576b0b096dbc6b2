// The admins' view of the shop's users: the list and the admin role both ways (docs/product.md section 6).
import type { Database } from "@toolshop/db/client";
import { users } from "@toolshop/db/schema";
import { EMAIL_MAX_LENGTH } from "@toolshop/shared/text";
import { type ShopUserSummary, USERS_PAGE_SIZE, type UsersQuery } from "@toolshop/shared/users";
import { and, asc, eq, ne, type SQL, sql } from "drizzle-orm";
import {
  asCursorTimestamp,
  cursorCodec,
  cursorTimestampOf,
  cursorValue,
  keysetPage,
} from "../../lib/keyset-page";
import { startsWith } from "../../lib/like-pattern";
import { createPreparedQueries } from "../../lib/prepared-queries";
import { normalizeEmail } from "../accounts/service";

export interface UsersPage {
  users: ShopUserSummary[];
  /** Opaque: where the next page starts, or null after the last one. */
  nextCursor: string | null;
}

/**
 * The cursor: the last row's created_at to the microsecond and its email (unique), so that it keeps its
 * place when that user is gone meanwhile.
 */
const usersCursor = cursorCodec(cursorValue.timestamp, cursorValue.text(EMAIL_MAX_LENGTH));

const prepared = createPreparedQueries();

/**
 * One page of the shop's users, oldest account first, so that the list does not reorder as people sign
 * up. Keyset paging on (created_at, email), never OFFSET: each page costs the same however deep. The
 * search is an email prefix (emails are stored lower-case; users_email_prefix_idx serves it).
 */
export async function listUsers(db: Database, query: UsersQuery = {}): Promise<UsersPage> {
  const limit = query.limit ?? USERS_PAGE_SIZE;
  const shape = [query.q ? "q" : "", query.role ? "role" : "", query.cursor ? "after" : ""].join(",");
  const pageQuery = prepared(db, shape, () => {
    const conditions: SQL[] = [];
    if (query.q) conditions.push(sql`${users.email} like ${sql.placeholder("emailPrefix")}`);
    if (query.role) conditions.push(sql`${users.role} = ${sql.placeholder("role")}`);
    if (query.cursor) {
      conditions.push(
        sql`(${users.createdAt}, ${users.email}) > (${asCursorTimestamp(sql.placeholder("afterCreatedAt"))}, ${sql.placeholder("afterEmail")}::text)`,
      );
    }
    return db
      .select({ id: users.id, email: users.email, role: users.role, at: cursorTimestampOf(users.createdAt) })
      .from(users)
      .where(and(...conditions))
      .orderBy(asc(users.createdAt), asc(users.email))
      .limit(sql.placeholder("limit"))
      .prepare("");
  });
  const [afterCreatedAt, afterEmail] = query.cursor ? usersCursor.decode(query.cursor) : [];
  const found = await pageQuery.execute({
    emailPrefix: query.q && startsWith(query.q),
    role: query.role,
    afterCreatedAt,
    afterEmail,
    limit: limit + 1,
  });
  const page = keysetPage(found, limit, (last) => usersCursor.encode([last.at, last.email]));
  return {
    users: page.rows.map((row) => ({ _id: row.id, email: row.email, role: row.role })),
    nextCursor: page.nextCursor,
  };
}

/**
 * Makes the user with this email an admin. Answers how many users changed (0 when they already were
 * an admin), or null when there is no such user. The role takes effect on their next request:
 * requireAdmin reads it from the database, the access token carries no role.
 */
export async function promoteToAdmin(db: Database, email: string): Promise<number | null> {
  const normalized = normalizeEmail(email);
  const changed = await db
    .update(users)
    .set({ role: "admin" })
    .where(and(eq(users.email, normalized), ne(users.role, "admin")))
    .returning({ id: users.id });
  if (changed.length > 0) return changed.length;
  return (await userExists(db, normalized)) ? 0 : null;
}

export type RevokeOutcome = { modifiedCount: number } | "no-such-user" | "last-admin" | "configured-admin";

/**
 * Makes an admin a customer again, never the last one, and never an address of ADMIN_EMAILS (its next
 * access token would make it an admin again). The admins' rows are locked first, so two admins
 * revoking each other at once cannot both succeed and leave the shop without an admin.
 */
export async function revokeAdmin(
  db: Database,
  email: string,
  adminEmails: readonly string[],
): Promise<RevokeOutcome> {
  const normalized = normalizeEmail(email);
  if (adminEmails.includes(normalized)) return "configured-admin";
  return db.transaction(async (tx) => {
    const admins = await tx
      .select({ email: users.email })
      .from(users)
      .where(eq(users.role, "admin"))
      .for("update");
    if (!admins.some((admin) => admin.email === normalized)) {
      return (await userExists(tx, normalized)) ? { modifiedCount: 0 } : "no-such-user";
    }
    if (admins.length <= 1) return "last-admin";
    const changed = await tx
      .update(users)
      .set({ role: "user" })
      .where(and(eq(users.email, normalized), eq(users.role, "admin")))
      .returning({ id: users.id });
    return { modifiedCount: changed.length };
  });
}

async function userExists(db: Pick<Database, "select">, email: string): Promise<boolean> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return existing !== undefined;
}

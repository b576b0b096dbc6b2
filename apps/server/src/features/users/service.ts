// The admins' view of the shop's users: the list and the promotion to admin (SPEC.md section 6).
import type { Database } from "@toolshop/db/client";
import { users } from "@toolshop/db/schema";
import type { ShopUserSummary } from "@toolshop/shared/users";
import { and, asc, eq, ne } from "drizzle-orm";
import { normalizeEmail } from "../accounts/service";

/** Every shop user, oldest account first, so that the list does not reorder as people sign up. */
export async function listUsers(db: Database): Promise<ShopUserSummary[]> {
  const rows = await db
    .select({ id: users.id, email: users.email, role: users.role })
    .from(users)
    .orderBy(asc(users.createdAt), asc(users.email));
  return rows.map((row) => ({ _id: row.id, email: row.email, role: row.role }));
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
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, normalized));
  return existing ? 0 : null;
}

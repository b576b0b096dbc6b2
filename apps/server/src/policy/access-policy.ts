// Who may do what: the one place the server decides it. Routes ask through the guards
// (plugins/auth/guards.ts: requireUser, requireAdmin); services ask these functions directly.
import type { Database } from "@toolshop/db/client";
import { users } from "@toolshop/db/schema";
import { eq, sql } from "drizzle-orm";
import { createPreparedQueries, plannedOnce } from "../lib/prepared-queries";

/** What a policy check needs to know about the asker: their shop user id. */
export interface Asker {
  id: string;
}

const prepared = createPreparedQueries();

/**
 * True when the user's role in the users table is admin. The role is read fresh on every check, never
 * taken from the access token: a revoked admin loses their rights at their next request.
 */
export async function isAdmin(db: Database, userId: string): Promise<boolean> {
  // Asked by every admin request: the query is built once per database (decision 0016).
  const query = prepared(db, "role", () =>
    db
      .select({ role: users.role })
      .from(users)
      .where(eq(users.id, sql.placeholder("userId")))
      .prepare(plannedOnce("policy/role")),
  );
  const [row] = await query.execute({ userId });
  return row?.role === "admin";
}

/** A customer's own things are theirs; anyone else's only when admins may act on them and the asker is one. */
export async function mayActFor(
  db: Database,
  asker: Asker,
  ownerId: string,
  options: { adminToo: boolean },
): Promise<boolean> {
  if (asker.id === ownerId) return true;
  return options.adminToo && (await isAdmin(db, asker.id));
}

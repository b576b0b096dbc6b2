// Who may do what: the one place the server decides it. Routes ask through the guards
// (plugins/auth/guards.ts: requireUser, requireAdmin); services ask these functions directly.
import type { Database } from "@toolshop/db/client";
import { users } from "@toolshop/db/schema";
import { eq } from "drizzle-orm";

/** What a policy check needs to know about the asker: their shop user id. */
export interface Asker {
  id: string;
}

/**
 * True when the user's role in the users table is admin. The role is read fresh on every check, never
 * taken from the access token: a revoked admin loses their rights at their next request.
 */
export async function isAdmin(db: Pick<Database, "select">, userId: string): Promise<boolean> {
  const [row] = await db.select({ role: users.role }).from(users).where(eq(users.id, userId));
  return row?.role === "admin";
}

/** A customer's own things are theirs; anyone else's only when admins may act on them and the asker is one. */
export async function mayActFor(
  db: Pick<Database, "select">,
  asker: Asker,
  ownerId: string,
  options: { adminToo: boolean },
): Promise<boolean> {
  if (asker.id === ownerId) return true;
  return options.adminToo && (await isAdmin(db, asker.id));
}

// The shop's own user records (the users table), apart from the identity service's.
import type { Database } from "@toolshop/db/client";
import { users } from "@toolshop/db/schema";
import { sql } from "drizzle-orm";

export type Role = "admin" | "user";

export interface ShopUser {
  id: string;
  email: string;
  role: Role;
}

const shopUserColumns = { id: users.id, email: users.email, role: users.role };

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Creates the shop user for an email on their first sign-in, or finds it. `admin` (the email is in
 * ADMIN_EMAILS) raises the role; the upsert never lowers it. The display name is only a first value
 * for the profile, which the user may change later.
 */
export async function upsertShopUser(
  db: Database,
  user: { email: string; displayName?: string | undefined; admin: boolean },
): Promise<ShopUser> {
  const [row] = await db
    .insert(users)
    .values({
      email: normalizeEmail(user.email),
      role: user.admin ? "admin" : "user",
      displayName: user.displayName || null,
    })
    .onConflictDoUpdate({
      target: users.email,
      set: {
        role: sql`case when excluded.role = 'admin' then 'admin' else ${users.role} end`,
        displayName: sql`coalesce(${users.displayName}, excluded.display_name)`,
      },
    })
    .returning(shopUserColumns);
  if (!row) throw new Error("The users upsert returned no row.");
  return row;
}

/** Sets the role of the user with this email, creating the user when there is none yet. */
export async function setRole(db: Database, email: string, role: Role): Promise<ShopUser> {
  const [row] = await db
    .insert(users)
    .values({ email: normalizeEmail(email), role })
    .onConflictDoUpdate({ target: users.email, set: { role } })
    .returning(shopUserColumns);
  if (!row) throw new Error("The users upsert returned no row.");
  return row;
}

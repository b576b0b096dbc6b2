// The signed-in user's profile (docs/product.md section 3): fields of the shop's users row. The display name
// is also the identity's name, so that the account menu and new reviews show the name the user chose.
import type { Database } from "@toolshop/db/client";
import { authUser, users } from "@toolshop/db/schema";
import type { Profile, ProfileUpdate } from "@toolshop/shared/profile";
import { eq } from "drizzle-orm";
import type { TokenUser } from "../../plugins/auth/access-token";

const profileColumns = {
  email: users.email,
  displayName: users.displayName,
  address: users.address,
  education: users.education,
  phoneNumber: users.phoneNumber,
  location: users.location,
  linkedin: users.linkedin,
  company: users.company,
  taxId: users.taxId,
};

type ProfileRow = { [K in keyof typeof profileColumns]: string | null };

function toProfile(row: ProfileRow): Profile {
  return {
    email: row.email ?? "",
    displayName: row.displayName ?? "",
    address: row.address ?? "",
    education: row.education ?? "",
    phoneNumber: row.phoneNumber ?? "",
    location: row.location ?? "",
    linkedin: row.linkedin ?? "",
    company: row.company ?? "",
    taxId: row.taxId ?? "",
  };
}

/** The token's user's profile; null when their users row is gone. */
export async function getProfile(db: Database, user: TokenUser): Promise<Profile | null> {
  const [row] = await db.select(profileColumns).from(users).where(eq(users.id, user.id));
  return row ? toProfile(row) : null;
}

/**
 * Saves the fields that were sent ("" clears one, a missing field stays as it is). A non-empty display
 * name becomes the identity's name in the same transaction; the identity always keeps some name.
 */
export async function updateProfile(
  db: Database,
  user: TokenUser,
  update: ProfileUpdate,
): Promise<Profile | null> {
  const values = Object.fromEntries(
    Object.entries(update)
      .filter(([, value]) => value !== undefined)
      .map(([field, value]) => [field, value === "" ? null : value]),
  ) as Partial<Record<keyof ProfileUpdate, string | null>>;

  return db.transaction(async (tx) => {
    const [row] =
      Object.keys(values).length > 0
        ? await tx.update(users).set(values).where(eq(users.id, user.id)).returning(profileColumns)
        : await tx.select(profileColumns).from(users).where(eq(users.id, user.id));
    if (!row) return null;
    if (update.displayName) {
      await tx
        .update(authUser)
        .set({ name: update.displayName, updatedAt: new Date() })
        .where(eq(authUser.email, row.email));
    }
    return toProfile(row);
  });
}

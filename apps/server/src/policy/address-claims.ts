// What the shop keeps under an email address before any account has it (a visitor's quote request:
// its message, phone and offered prices) belongs to the account of that address only once the account
// has proven it (Better Auth's emailVerified). Anyone may sign up with any address; only its owner can
// open the verification link. Every list and route that matches such a record by email asks here.
import type { Database } from "@toolshop/db/client";
import { authUser, users } from "@toolshop/db/schema";
import { and, eq, isNull, or, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { createPreparedQueries, plannedOnce } from "../lib/prepared-queries";

/** The asker as a claim needs them: their shop user id and their account's address. */
export interface Claimant {
  id: string;
  email: string;
}

/** A record that an account owns by its id, or, with no owner yet, by the address it was left under. */
export interface ClaimableRecord {
  userId: string | null;
  /** Stored lower-case. */
  email: string;
}

const prepared = createPreparedQueries();

/**
 * The asker's address, lower-case, when their account has proven it; otherwise null. Read fresh on
 * every check, never from the access token: the proof may come after the token was issued.
 */
export async function provenAddress(db: Database, asker: Pick<Claimant, "email">): Promise<string | null> {
  const email = asker.email.trim().toLowerCase();
  const query = prepared(db, "proven-address", () =>
    db
      .select({ verified: authUser.emailVerified })
      .from(authUser)
      .where(eq(authUser.email, sql.placeholder("email")))
      .prepare(plannedOnce("policy/proven-address")),
  );
  const [row] = await query.execute({ email });
  return row?.verified ? email : null;
}

/** Whether the record is the asker's: theirs by id, or ownerless under the address they proved. */
export function ownsClaimable(
  record: ClaimableRecord,
  asker: Pick<Claimant, "id">,
  proven: string | null,
): boolean {
  if (record.userId !== null) return record.userId === asker.id;
  return proven !== null && record.email === proven;
}

/** The same rule as a condition on a table's owner and email columns, for the lists. */
export function claimableBy(
  columns: { userId: PgColumn; email: PgColumn },
  asker: Pick<Claimant, "id">,
  proven: string | null,
): SQL {
  const byId = eq(columns.userId, asker.id);
  if (proven === null) return byId;
  return or(byId, and(isNull(columns.userId), eq(columns.email, proven))) as SQL;
}

/**
 * Whether the shop user of this address was made before its identity account existed (`npm run admin
 * -- grant` for an address nobody had signed up with): like a visitor's record, that user and its role
 * go only to an account that proved the address. The minute of margin keeps two clocks (the server's,
 * which dates the identity account, and the database's, which dates the shop user) from turning an
 * ordinary first sign-in, whose shop user follows its account by milliseconds, into such a case.
 */
export async function madeBeforeItsAccount(db: Database, email: string): Promise<boolean> {
  const [early] = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(authUser, eq(authUser.email, users.email))
    .where(
      and(
        eq(users.email, email.trim().toLowerCase()),
        sql`${users.createdAt} < ${authUser.createdAt} - interval '1 minute'`,
      ),
    )
    .limit(1);
  return early !== undefined;
}

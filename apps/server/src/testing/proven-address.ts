// The identity record of an address its owner has proven (tests only): what the verification link
// leaves behind, for tests whose subject is not the proof itself (security/identity-address-proof.test.ts
// and features/quotes/visitor-quotes.test.ts go through the link).
import { randomUUID } from "node:crypto";
import type { Database } from "@toolshop/db/client";
import { authUser } from "@toolshop/db/schema";

export async function proveAddress(db: Database, email: string): Promise<void> {
  await db
    .insert(authUser)
    .values({ id: randomUUID(), name: "Proven", email: email.toLowerCase(), emailVerified: true })
    .onConflictDoUpdate({ target: authUser.email, set: { emailVerified: true } });
}

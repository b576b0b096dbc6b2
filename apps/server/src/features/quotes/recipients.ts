import type { Database } from "@toolshop/db/client";
import { users } from "@toolshop/db/schema";
import { eq } from "drizzle-orm";

/** A shop has a handful of admins; a mistaken mass promotion must not turn one request into a mailing. */
export const MAX_ADMIN_RECIPIENTS = 20;

/**
 * Who gets a quote request by mail: SALES_EMAIL when set, otherwise the shop's admins (users whose
 * role is admin, and the ADMIN_EMAILS addresses), so that a request never goes unmailed while the
 * visitor is told it reached the sales team. Empty only in a shop with no admin at all.
 */
export async function quoteRecipients(
  db: Database,
  mail: { salesEmail: string | undefined; adminEmails: readonly string[] },
): Promise<string[]> {
  if (mail.salesEmail) return [mail.salesEmail];
  const admins = await db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.role, "admin"))
    .orderBy(users.email)
    .limit(MAX_ADMIN_RECIPIENTS);
  const emails = [...mail.adminEmails, ...admins.map((admin) => admin.email.toLowerCase())];
  return [...new Set(emails)].slice(0, MAX_ADMIN_RECIPIENTS);
}

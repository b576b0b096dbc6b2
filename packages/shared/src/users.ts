import { z } from "zod";
import { pageQueryFields } from "./paging";
import { EMAIL_MAX_LENGTH, oneLine } from "./text";

// docs/product.md sections 2, 6 and 8: the all-users list (admin only) and the Make Admin call.
export const MAKE_ADMIN_SUCCESS = "Your admin added";
/** The spec's text for a 403 on the make-admin call, typos included. */
export const NOT_AN_ADMIN_MESSAGE = "You are not a admin dont do anything";

export const userRoles = ["admin", "user"] as const;
export type UserRole = (typeof userRoles)[number];

/** One shop user as GET /api/user lists it. */
export const shopUserSchema = z.object({
  _id: z.string(),
  email: z.string(),
  role: z.enum(userRoles),
});
export type ShopUserSummary = z.infer<typeof shopUserSchema>;

export const shopUserListSchema = z.array(shopUserSchema);

/** `PUT /api/user/admin/:email`: 1 when the user became an admin, 0 when they already were. */
export const makeAdminResponseSchema = z.object({ modifiedCount: z.number().int() });
export type MakeAdminResponse = z.infer<typeof makeAdminResponseSchema>;

/** `DELETE /api/user/admin/:email`: 1 when the admin became a customer, 0 when they were not an admin. */
export const REVOKE_ADMIN_SUCCESS = "Admin rights revoked";
export const CANNOT_REVOKE_OWN_ADMIN = "You cannot revoke your own admin rights; ask another admin.";
export const CANNOT_REVOKE_LAST_ADMIN =
  "This is the last admin of the shop; make someone else an admin first.";
/** The server's setting gives this address the role again at its next sign-in: a revoke would not last. */
export const CANNOT_REVOKE_CONFIGURED_ADMIN =
  "This address is in ADMIN_EMAILS, which makes it an admin again at its next sign-in; take it out of ADMIN_EMAILS and restart the shop first.";

/** Users per page of GET /api/user; the next page's cursor comes in the X-Next-Cursor header (paths.ts). */
export const USERS_PAGE_SIZE = 50;

/** GET /api/user?q=&role=&cursor=&limit=: every parameter optional; without any, the first page. */
export const usersQuerySchema = z.object({
  q: oneLine(
    z
      .string()
      .trim()
      .toLowerCase()
      .max(EMAIL_MAX_LENGTH, `The search must be at most ${EMAIL_MAX_LENGTH} characters`),
    "The search",
  )
    .optional()
    .describe("Emails starting with this text (case-insensitive)"),
  role: z.enum(userRoles, { error: "The role must be admin or user" }).optional(),
  // The cursor carries the last user's created_at and email (up to 254 characters, 3 UTF-8 bytes each).
  ...pageQueryFields({ cursorMaxLength: 1100 }),
});
export type UsersQuery = z.infer<typeof usersQuerySchema>;

/** The spec shows every role other than admin as "Customer". */
export function roleLabel(role: UserRole): string {
  return role === "admin" ? "admin" : "Customer";
}

import { z } from "zod";

// SPEC.md sections 2, 6 and 8: the all-users list (admin only) and the Make Admin call.
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

/** The spec shows every role other than admin as "Customer". */
export function roleLabel(role: UserRole): string {
  return role === "admin" ? "admin" : "Customer";
}

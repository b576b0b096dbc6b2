import { z } from "zod";
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, oneLine } from "./text";

// docs/product.md section 5: at least 8 letters and digits, with at least one letter and one digit.
const PASSWORD_PATTERN = /^(?=.*[A-Za-z])(?=.*\d)[A-Za-z\d]{8,}$/;
// A standard email pattern: something@something.tld, no spaces. The domain's labels exclude the dot, so
// there is one way to match any input: linear time (the earlier [^\s@]+\.[^\s@]+ backtracked quadratically).
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;
export const EMAIL_TOO_LONG = `The email must be at most ${EMAIL_MAX_LENGTH} characters`;
export const NAME_TOO_LONG = `Name must be at most ${NAME_MAX_LENGTH} characters`;

/** An email address as every form and route takes it: required, capped before the pattern runs. */
export function emailSchema(invalid = "Please Enter Valid Email") {
  return oneLine(
    z
      .string({ error: "Email is required" })
      .trim()
      .min(1, { error: "Email is required", abort: true })
      .max(EMAIL_MAX_LENGTH, { error: EMAIL_TOO_LONG, abort: true }),
    "The email",
  ).regex(EMAIL_PATTERN, invalid);
}

/** A person's display name: one line, at most 100 characters. */
export const personNameSchema = oneLine(
  z
    .string({ error: "Name is required" })
    .trim()
    .min(1, { error: "Name is required", abort: true })
    .max(NAME_MAX_LENGTH, { error: NAME_TOO_LONG, abort: true }),
  "Name",
);

/** Better Auth's own cap on a password, which the forms set as the field's maxLength too. */
export const PASSWORD_MAX_LENGTH = 128;
const PASSWORD_TOO_LONG = `The password must be at most ${PASSWORD_MAX_LENGTH} characters`;

/** The password rule in words, shown with every field where a password is chosen. */
export const PASSWORD_RULE = "At least 8 letters and digits, with at least one letter and one digit.";

/** The sign-up password rule, also used when a password is reset or changed. */
export const passwordSchema = z
  .string()
  .min(1, "password is required")
  .max(PASSWORD_MAX_LENGTH, { error: PASSWORD_TOO_LONG, abort: true })
  .regex(PASSWORD_PATTERN, "1 capital letter 1number");

export const signUpSchema = z.object({
  name: personNameSchema,
  email: emailSchema(),
  password: passwordSchema,
});
export type SignUpInput = z.infer<typeof signUpSchema>;

/**
 * The login form. docs/product.md section 5: the browser itself requires email and password (the form's
 * `required` and `type="email"`); this checks the same and caps both, as the identity service does.
 */
export const signInSchema = z.object({
  email: z.string().trim().min(1, "Email is required").max(EMAIL_MAX_LENGTH, EMAIL_TOO_LONG),
  password: z.string().min(1, "password is required").max(PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG),
});
export type SignInInput = z.infer<typeof signInSchema>;

/** `PUT /api/user/:email`: the access token for the API (an HS256 JWT, 1 hour). */
export const accessTokenResponseSchema = z.object({ accessToken: z.string() });
export type AccessTokenResponse = z.infer<typeof accessTokenResponseSchema>;

/** `GET /api/admin/:email`: the value decides, not the fact that the call answered. */
export const adminStatusSchema = z.object({ admin: z.boolean() });
export type AdminStatus = z.infer<typeof adminStatusSchema>;

/** The popup sign-in providers. */
export const socialProviders = ["google", "github"] as const;
export type SocialProvider = (typeof socialProviders)[number];

/** `GET /api/auth-providers`: which popup providers this server is configured for. */
export const authProvidersSchema = z.object({ google: z.boolean(), github: z.boolean() });
export type AuthProviders = z.infer<typeof authProvidersSchema>;

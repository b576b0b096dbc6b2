import { z } from "zod";

// SPEC.md section 5: at least 8 letters and digits, with at least one letter and one digit.
const PASSWORD_PATTERN = /^(?=.*[A-Za-z])(?=.*\d)[A-Za-z\d]{8,}$/;
// A standard email pattern: something@something.tld, no spaces.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The sign-up password rule, also used when a password is reset or changed. */
export const passwordSchema = z
  .string()
  .min(1, "password is required")
  .regex(PASSWORD_PATTERN, "1 capital letter 1number");

export const signUpSchema = z.object({
  name: z.string().trim().min(1, "Name is required"),
  email: z.string().trim().min(1, "Email is required").regex(EMAIL_PATTERN, "Please Enter Valid Email"),
  password: passwordSchema,
});
export type SignUpInput = z.infer<typeof signUpSchema>;

export const signInSchema = z.object({
  email: z.string().trim().min(1, "Email is required"),
  password: z.string().min(1, "password is required"),
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

/** The web page a popup sign-in ends on (it reports to its opener and closes). */
export const POPUP_COMPLETE_PATH = "/auth/popup-complete";
/** The 429 answer's message on sign-in, sign-up, reset requests and token issuance. */
export const TOO_MANY_ATTEMPTS_MESSAGE = "Too many attempts, try again in a minute";

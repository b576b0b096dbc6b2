import { z } from "zod";
import { ADDRESS_MAX_LENGTH, postalAddress } from "./address";
import { NAME_MAX_LENGTH, oneLine } from "./text";

// docs/product.md sections 3 and 5: the profile update, every field optional. An empty field clears it.
export const PROFILE_UPDATED = "updated profile";

export const PROFILE_LIMITS = {
  displayName: NAME_MAX_LENGTH,
  address: ADDRESS_MAX_LENGTH,
  education: 200,
  phoneNumber: 30,
  location: 200,
  linkedin: 300,
  company: 200,
  taxId: 30,
} as const;

/** Digits, optionally a leading + and spaces or dashes between the digits: "+1 555-0100". */
const PHONE_PATTERN = /^\+?\d(?:[\d\s-]*\d)?$/;

/**
 * A tax or VAT number as tax offices print them: letters and digits, with spaces, dots, dashes or
 * slashes between them ("GB 123 4567 89", "DE123456789", "12-3456789").
 */
const TAX_ID_PATTERN = /^[A-Za-z0-9](?:[A-Za-z0-9 ./-]*[A-Za-z0-9])?$/;
export const TAX_ID_MESSAGE =
  "VAT number must be letters and digits, with spaces, dots, dashes or slashes between them";

const tooLong = (label: string, max: number) => `${label} must be at most ${max} characters`;

/** A trimmed optional one-line text: "" (or nothing) means "no value". */
const optionalText = (label: string, max: number) =>
  oneLine(
    z
      .string()
      .trim()
      .max(max, { error: tooLong(label, max), abort: true }),
    label,
  );

export const profileUpdateSchema = z.object({
  displayName: optionalText("Name", PROFILE_LIMITS.displayName).optional(),
  address: postalAddress("Address").optional(),
  education: optionalText("Education", PROFILE_LIMITS.education).optional(),
  phoneNumber: optionalText("Phone number", PROFILE_LIMITS.phoneNumber)
    .refine((value) => value === "" || PHONE_PATTERN.test(value), "Phone number must contain digits only")
    .optional(),
  location: optionalText("Location", PROFILE_LIMITS.location).optional(),
  linkedin: optionalText("LinkedIn", PROFILE_LIMITS.linkedin)
    .refine((value) => value === "" || isWebAddress(value), "LinkedIn must be a web address (https://…)")
    .optional(),
  /** The company billed on the customer's invoices (issue 62). */
  company: optionalText("Company", PROFILE_LIMITS.company).optional(),
  /** The company's tax/VAT number, printed under it on the invoice. */
  taxId: optionalText("VAT number", PROFILE_LIMITS.taxId)
    .refine((value) => value === "" || TAX_ID_PATTERN.test(value), TAX_ID_MESSAGE)
    .optional(),
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;
export type ProfileField = keyof ProfileUpdate;

/** GET and PUT /api/profile answer every field, "" when it has no value, and the account's email. */
export const profileSchema = z.object({
  email: z.string(),
  displayName: z.string(),
  /** Its lines separated by "\n", as the checkouts take it. */
  address: z.string(),
  education: z.string(),
  phoneNumber: z.string(),
  location: z.string(),
  linkedin: z.string(),
  company: z.string(),
  taxId: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;

/** An http(s) address with a dotted host name, e.g. https://www.linkedin.com/in/ada. */
const WEB_ADDRESS_PATTERN = /^https?:\/\/[a-z\d-]+(?:\.[a-z\d-]+)+(?::\d+)?(?:[/?#]\S*)?$/i;

function isWebAddress(value: string): boolean {
  return WEB_ADDRESS_PATTERN.test(value);
}

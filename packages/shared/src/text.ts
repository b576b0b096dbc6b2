import type { z } from "zod";

// Input limits shared by every schema that stores text. One-line fields (names, email, phone, address
// line, company, carrier...) refuse line breaks and every other control character: they end up in mail
// headers, CSV exports and logs, where a CR/LF forges a line. Multi-line fields (comment, message) keep
// the newline and refuse the rest. Every pattern is a single character class: linear time.

/** C0 controls, DEL, C1 controls and the Unicode line and paragraph separators. */
const CONTROL_CHARACTER = /[\p{Cc}\u2028\u2029]/u;
/** The same, except the line feed and carriage return of a line break. */
const CONTROL_CHARACTER_EXCEPT_NEWLINE = /[^\P{Cc}\n\r]|[\u2028\u2029]/u;

/** The longest email address a mail server delivers to (RFC 5321 path limit). */
export const EMAIL_MAX_LENGTH = 254;
export const NAME_MAX_LENGTH = 100;

export const oneLineMessage = (label: string) =>
  `${label} must be a single line without line breaks or control characters`;
export const multiLineMessage = (label: string) => `${label} must not contain control characters`;

/** `schema` (a string schema, trimmed and capped by the caller) refusing line breaks and control characters. */
export function oneLine(schema: z.ZodString, label: string): z.ZodString {
  return schema.refine((value) => !CONTROL_CHARACTER.test(value), oneLineMessage(label));
}

/** `schema` allowing line breaks but no other control character. */
export function multiLine(schema: z.ZodString, label: string): z.ZodString {
  return schema.refine((value) => !CONTROL_CHARACTER_EXCEPT_NEWLINE.test(value), multiLineMessage(label));
}

/** True when `value` has no control character at all: for checks outside a schema. */
export function isOneLine(value: string): boolean {
  return !CONTROL_CHARACTER.test(value);
}

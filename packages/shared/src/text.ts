import type { z } from "zod";

// Input limits shared by every schema that stores text. One-line fields (names, email, phone, company,
// carrier...) refuse line breaks and every other control character: they end up in mail headers, CSV
// exports and logs, where a CR/LF forges a line. Multi-line fields (comment, message, and a postal
// address: address.ts) keep the newline and refuse the rest. Both refuse the bidirectional controls.
// Every pattern is a single character class: linear time.

/** C0 controls, DEL, C1 controls and the Unicode line and paragraph separators. */
const CONTROL_CHARACTER = /[\p{Cc}\u2028\u2029]/u;
/** The same, except the line feed and carriage return of a line break. */
const CONTROL_CHARACTER_EXCEPT_NEWLINE = /[^\P{Cc}\n\r]|[\u2028\u2029]/u;
/**
 * Unicode's bidirectional controls: embeddings and overrides (U+202A-U+202E), isolates (U+2066-U+2069)
 * and the marks (U+200E, U+200F, U+061C). Invisible, they make text show other than it reads: a name
 * with U+202E shows reversed, in an admin's list, an order or a mail, and passes for someone else's.
 */
const BIDI_CONTROL = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

/** The longest email address a mail server delivers to (RFC 5321 path limit). */
export const EMAIL_MAX_LENGTH = 254;
export const NAME_MAX_LENGTH = 100;

export const oneLineMessage = (label: string) =>
  `${label} must be a single line without line breaks or control characters`;
export const multiLineMessage = (label: string) => `${label} must not contain control characters`;
export const bidiControlMessage = (label: string) =>
  `${label} must not contain invisible characters that change the direction of text`;

const withoutBidiControls = (schema: z.ZodString, label: string) =>
  schema.refine((value) => !BIDI_CONTROL.test(value), bidiControlMessage(label));

/**
 * `schema` (a string schema, trimmed and capped by the caller) refusing line breaks, control characters
 * and bidirectional controls.
 */
export function oneLine(schema: z.ZodString, label: string): z.ZodString {
  return withoutBidiControls(
    schema.refine((value) => !CONTROL_CHARACTER.test(value), oneLineMessage(label)),
    label,
  );
}

/** `schema` allowing line breaks but no other control character, and no bidirectional control. */
export function multiLine(schema: z.ZodString, label: string): z.ZodString {
  return withoutBidiControls(
    schema.refine((value) => !CONTROL_CHARACTER_EXCEPT_NEWLINE.test(value), multiLineMessage(label)),
    label,
  );
}

/** True when `value` has no control character and no bidirectional control: for checks outside a schema. */
export function isOneLine(value: string): boolean {
  return !CONTROL_CHARACTER.test(value) && !BIDI_CONTROL.test(value);
}

/** True when `value` has a control character other than a line break's LF and CR: for multi-line rules. */
export function hasControlExceptLineBreak(value: string): boolean {
  return CONTROL_CHARACTER_EXCEPT_NEWLINE.test(value);
}

/** True when `value` has a bidirectional control. */
export function hasBidiControl(value: string): boolean {
  return BIDI_CONTROL.test(value);
}

/**
 * `value` made one line, for text no one can be asked to correct (the name an OAuth provider sends):
 * each run of control characters becomes a space, and bidirectional controls are dropped.
 */
export function toOneLine(value: string): string {
  return value
    .replace(new RegExp(`${CONTROL_CHARACTER.source}+`, "gu"), " ")
    .replace(new RegExp(BIDI_CONTROL.source, "g"), "");
}

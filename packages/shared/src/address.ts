import { z } from "zod";
import { bidiControlMessage, hasBidiControl, hasControlExceptLineBreak } from "./text";

// A postal address has lines (issue 62): every route and form that takes one (the checkouts, an offer's
// accept, the profile) takes it through postalAddress. Kept as one text, its lines separated by "\n";
// shown line by line on the order page, in Manage Orders, on the invoice and in the mails. Still no
// other control character (a tab, an escape, U+2028): the lines go into mail bodies, a PDF and CSV cells.

export const ADDRESS_MAX_LENGTH = 500;
export const ADDRESS_MAX_LINES = 6;
/** What is read before the address is normalised: enough for its spaces and CRLFs, and no more work. */
const RAW_MAX_LENGTH = 2 * ADDRESS_MAX_LENGTH;

const LINE_BREAK = /\r\n?|\n/;

export const addressControlMessage = (label: string) =>
  `${label} must not contain tabs or other control characters; put each part on its own line`;
export const addressTooLongMessage = (label: string) =>
  `${label} must be at most ${ADDRESS_MAX_LENGTH} characters`;
export const addressTooManyLinesMessage = (label: string) =>
  `${label} must be at most ${ADDRESS_MAX_LINES} lines`;

/** The address's lines: CRLF and CR read as line breaks, each line trimmed, empty lines dropped. */
export function addressLines(address: string): string[] {
  return address
    .split(LINE_BREAK)
    .map((line) => line.trim())
    .filter((line) => line !== "");
}

/** The address as it is stored: its lines joined by "\n". */
export function normaliseAddress(address: string): string {
  return addressLines(address).join("\n");
}

/**
 * An address schema: a string refused with a sentence when it holds a control character other than a
 * line break, a bidirectional control, more than ADDRESS_MAX_LINES lines or more than ADDRESS_MAX_LENGTH
 * characters; otherwise normalised (normaliseAddress). `required`: its message when empty; without it
 * "" is a valid value (a profile's field cleared).
 */
export function postalAddress(label: string, required?: string): z.ZodString {
  const schema = z
    .string(required ? { error: required } : undefined)
    .max(RAW_MAX_LENGTH, { error: addressTooLongMessage(label), abort: true })
    .refine((value) => !hasControlExceptLineBreak(value), {
      error: addressControlMessage(label),
      abort: true,
    })
    .refine((value) => !hasBidiControl(value), { error: bidiControlMessage(label), abort: true })
    .overwrite(normaliseAddress);
  return (required ? schema.min(1, { error: required, abort: true }) : schema)
    .max(ADDRESS_MAX_LENGTH, { error: addressTooLongMessage(label), abort: true })
    .refine((value) => value.split("\n").length <= ADDRESS_MAX_LINES, addressTooManyLinesMessage(label));
}

// The catalogue CSV's specification columns (decision 0062): one column per attribute, headed
// `attr:<key>`, in the attributes' order after the tool's own columns; a cell holds the value as a
// spreadsheet shows it (18, 2.5, yes/no, a choice, one line of text), empty for none.
import type { Attribute, ToolAttribute } from "@toolshop/shared/attributes";
import { checkAttributeValue, type StoredAttributeValue } from "../attributes/values";
import { quoteCell } from "./csv-columns";

export const ATTRIBUTE_HEADER_PREFIX = "attr:";
export const attributeHeader = (key: string) => `${ATTRIBUTE_HEADER_PREFIX}${key}`;

const PLAIN = new Intl.NumberFormat("en-US", { useGrouping: false, maximumFractionDigits: 20 });
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;
const YES = new Set(["yes", "true"]);
const NO = new Set(["no", "false"]);

/** A value's cell: a plain decimal (never 1e-7), yes or no, or the text. */
export function attributeValueCell(value: ToolAttribute["value"] | undefined): string {
  if (value === undefined) return "";
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (typeof value === "number") return String(value).includes("e") ? PLAIN.format(value) : String(value);
  return value;
}

export function storedValueCell(stored: StoredAttributeValue): string {
  if ("numberValue" in stored) return attributeValueCell(stored.numberValue);
  if ("booleanValue" in stored) return attributeValueCell(stored.booleanValue);
  return stored.textValue;
}

/**
 * A cell read for its attribute: none (empty), the value as stored, or the sentence why not. The
 * attribute's own check (attributes/values.ts) decides, after the cell is read as a number or yes/no.
 */
export function readAttributeCell(
  attribute: Attribute,
  cell: string,
): { stored: StoredAttributeValue | null } | { refusal: string } {
  const trimmed = cell.trim();
  if (trimmed === "") return { stored: null };
  if (attribute.kind === "number" && !DECIMAL.test(trimmed)) {
    return { refusal: `${attribute.name} takes a number like 18 or 2.5, not ${quoteCell(trimmed)}.` };
  }
  if (attribute.kind === "boolean" && !YES.has(trimmed.toLowerCase()) && !NO.has(trimmed.toLowerCase())) {
    return { refusal: `${attribute.name} takes yes or no, not ${quoteCell(trimmed)}.` };
  }
  const value =
    attribute.kind === "number"
      ? Number(trimmed)
      : attribute.kind === "boolean"
        ? YES.has(trimmed.toLowerCase())
        : cell.replace(/\r\n?/g, "\n");
  return checkAttributeValue(attribute, value);
}

// The catalogue CSV's specification columns (decision 0062): one column per attribute, headed
// `attr:<key>`, in the attributes' order after the tool's own columns; a cell holds the value as a
// spreadsheet shows it (18, 2.5, yes/no, a choice, one line of text), empty for none.
import { type Attribute, attributeApplies, type ToolAttribute } from "@toolshop/shared/attributes";
import { ATTRIBUTE_COLUMN_PREFIX } from "@toolshop/shared/spreadsheets";
import type { Tool } from "@toolshop/shared/tools";
import { notOfToolCategory, type StoredAttributeValue, storedAttributeValue } from "../attributes/values";
import type { CategoryTree } from "../categories/tree";
import { quoteCell } from "./csv-columns";

export const attributeHeader = (key: string) => `${ATTRIBUTE_COLUMN_PREFIX}${key}`;

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
  return storedAttributeValue(attribute, value);
}

/** What the specification columns are checked against: the attributes and the category tree. */
export interface SpecificationContext {
  attributes: readonly Attribute[];
  tree: CategoryTree;
}

/**
 * A row's specification cells against its tool's values: each changed cell is checked as PUT
 * /tools/:id/attributes checks a value (its kind, the tool's category or one above it); a cell equal to
 * the tool's value is no change and is not checked again, so that an attribute's later edit or the
 * tool's move does not refuse its own export. A missing column keeps the tool's value.
 */
export function planSpecifications(
  { attributes, tree }: SpecificationContext,
  used: readonly Attribute[],
  current: Tool | undefined,
  categorySlug: string | undefined,
  cellOf: (header: string) => string | undefined,
) {
  const changes: { column: string; from: string; to: string }[] = [];
  const errors: string[] = [];
  const byKey = new Map(attributes.map((attribute) => [attribute.key, attribute]));
  const list = new Map<string, StoredAttributeValue>();
  for (const { key, value } of current?.attributes ?? []) {
    const attribute = byKey.get(key);
    if (!attribute) continue;
    list.set(
      attribute._id,
      typeof value === "number"
        ? { numberValue: value }
        : typeof value === "boolean"
          ? { booleanValue: value }
          : { textValue: value },
    );
  }
  const category = categorySlug ? tree.findBySlug(categorySlug) : undefined;
  const categoryPath = category ? tree.pathOf(category.id).map((step) => step.slug) : [];
  for (const attribute of used) {
    const header = attributeHeader(attribute.key);
    const read = readAttributeCell(attribute, cellOf(header) ?? "");
    const from = attributeValueCell(current?.attributes.find((value) => value.key === attribute.key)?.value);
    if ("refusal" in read) {
      errors.push(read.refusal);
      continue;
    }
    const to = read.stored ? storedValueCell(read.stored) : "";
    if (from === to) continue;
    if (read.stored && !attributeApplies(attribute, categoryPath)) {
      if (category) errors.push(notOfToolCategory(attribute.name));
      continue;
    }
    changes.push({ column: header, from, to });
    if (read.stored) list.set(attribute._id, read.stored);
    else list.delete(attribute._id);
  }
  return { changes, errors, list: [...list].map(([attributeId, stored]) => ({ attributeId, stored })) };
}

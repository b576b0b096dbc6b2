// A specification value checked against its attribute (decision 0060) and put in its kind's column: the
// one rule for PUT /tools/:id/attributes and the catalogue CSV's attr: columns (decision 0062). The check
// itself is the shared one the owner's form runs before sending.
import { type Attribute, checkAttributeValue } from "@toolshop/shared/attributes";

/** A value in its kind's column of tool_attribute_values. */
export type StoredAttributeValue =
  | { numberValue: number }
  | { booleanValue: boolean }
  | { textValue: string };

/** The value as stored, or the sentence that says what the attribute takes. */
export function storedAttributeValue(
  attribute: Pick<Attribute, "name" | "kind" | "choices">,
  value: number | string | boolean,
): { stored: StoredAttributeValue } | { refusal: string } {
  const checked = checkAttributeValue(attribute, value);
  if (!checked.ok) return { refusal: checked.message };
  if (typeof checked.value === "number") return { stored: { numberValue: checked.value } };
  if (typeof checked.value === "boolean") return { stored: { booleanValue: checked.value } };
  return { stored: { textValue: checked.value } };
}

/** The sentence for an attribute of other categories than the tool's. */
export const notOfToolCategory = (name: string) => `${name} does not belong to this tool's category.`;

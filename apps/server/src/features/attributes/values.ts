// A specification value checked against its attribute (decision 0060): the one rule for PUT
// /tools/:id/attributes and the catalogue CSV's attr: columns (decision 0062).
import { ATTRIBUTE_LIMITS, type Attribute } from "@toolshop/shared/attributes";
import { isOneLine } from "@toolshop/shared/text";

/** A value in its kind's column of tool_attribute_values. */
export type StoredAttributeValue =
  | { numberValue: number }
  | { booleanValue: boolean }
  | { textValue: string };

/** The value as stored, or the sentence that says what the attribute takes. */
export function checkAttributeValue(
  attribute: Pick<Attribute, "name" | "kind" | "choices">,
  value: number | string | boolean,
): { stored: StoredAttributeValue } | { refusal: string } {
  const refuse = (takes: string) => ({ refusal: `${attribute.name} takes ${takes}.` });
  switch (attribute.kind) {
    case "number":
      if (typeof value !== "number" || !Number.isFinite(value) || Math.abs(value) >= 1e12) {
        return refuse("a number");
      }
      return { stored: { numberValue: value } };
    case "boolean":
      return typeof value === "boolean" ? { stored: { booleanValue: value } } : refuse("true or false");
    case "choice": {
      const chosen =
        typeof value === "string"
          ? attribute.choices.find((choice) => choice.toLowerCase() === value.trim().toLowerCase())
          : undefined;
      return chosen === undefined
        ? refuse(`one of ${attribute.choices.join(", ")}`)
        : { stored: { textValue: chosen } };
    }
    case "text": {
      const text = typeof value === "string" ? value.trim() : "";
      if (text === "" || text.length > ATTRIBUTE_LIMITS.text || !isOneLine(text)) {
        return refuse(`one line of text, at most ${ATTRIBUTE_LIMITS.text} characters`);
      }
      return { stored: { textValue: text } };
    }
  }
}

/** The sentence for an attribute of other categories than the tool's. */
export const notOfToolCategory = (name: string) => `${name} does not belong to this tool's category.`;

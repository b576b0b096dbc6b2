// Specifications (issue 58, decision 0060): the typed attributes the owner defines, the categories each
// belongs to, and a tool's values; shared by the admin's calls, the tools' answers and the spec table.
import { z } from "zod";
import { CATEGORY_SLUG_PATTERN, categorySlugSchema } from "./categories";
import { isOneLine, oneLine } from "./text";

export const ATTRIBUTE_KINDS = ["number", "choice", "boolean", "text"] as const;
export type AttributeKind = (typeof ATTRIBUTE_KINDS)[number];

export const ATTRIBUTE_LIMITS = {
  key: 60,
  name: 60,
  unit: 20,
  choice: 60,
  choices: 50,
  text: 200,
  categories: 50,
  /** Values one tool may have. */
  values: 100,
} as const;

const line = (label: string, max: number) =>
  oneLine(
    z
      .string({ error: `${label} is required` })
      .trim()
      .min(1, { error: `${label} is required`, abort: true })
      .max(max, { error: `${label} must be at most ${max} characters`, abort: true }),
    label,
  );

/** An attribute's key: its address in URLs (`?torque=`) and the API. */
export const attributeKeySchema = z
  .string({ error: "The key is required" })
  .trim()
  .toLowerCase()
  .min(1, { error: "The key is required", abort: true })
  .max(ATTRIBUTE_LIMITS.key, {
    error: `The key must be at most ${ATTRIBUTE_LIMITS.key} characters`,
    abort: true,
  })
  .regex(
    CATEGORY_SLUG_PATTERN,
    "The key may only have lower-case letters (a-z), digits and single hyphens between them",
  );

/** POST /api/attributes (admin). */
export const createAttributeBodySchema = z
  .object({
    key: attributeKeySchema,
    name: line("The name", ATTRIBUTE_LIMITS.name),
    kind: z.enum(ATTRIBUTE_KINDS, { error: "The kind must be number, choice, boolean or text" }),
    unit: line("The unit", ATTRIBUTE_LIMITS.unit).optional(),
    choices: z
      .array(line("A choice", ATTRIBUTE_LIMITS.choice))
      .max(ATTRIBUTE_LIMITS.choices, `At most ${ATTRIBUTE_LIMITS.choices} choices`)
      .default([]),
    categories: z
      .array(categorySlugSchema)
      .max(ATTRIBUTE_LIMITS.categories, `At most ${ATTRIBUTE_LIMITS.categories} categories`)
      .default([])
      .describe("The slugs of the categories it belongs to (their sub-categories too); none: every category"),
  })
  .superRefine((body, ctx) => {
    if (body.kind === "choice" && body.choices.length === 0) {
      ctx.addIssue({
        code: "custom",
        path: ["choices"],
        message: "A choice needs at least one value to choose",
      });
    }
    if (body.kind !== "choice" && body.choices.length > 0) {
      ctx.addIssue({ code: "custom", path: ["choices"], message: "Only a choice has values to choose" });
    }
    if (body.unit !== undefined && body.kind !== "number") {
      ctx.addIssue({ code: "custom", path: ["unit"], message: "Only a number has a unit" });
    }
    const lower = body.choices.map((choice) => choice.toLowerCase());
    if (new Set(lower).size !== lower.length) {
      ctx.addIssue({ code: "custom", path: ["choices"], message: "Each choice may be listed once" });
    }
  });
export type CreateAttributeBody = z.infer<typeof createAttributeBodySchema>;

/** An attribute as GET /api/attributes answers it. */
export const attributeSchema = z.object({
  _id: z.uuid(),
  key: z.string(),
  name: z.string(),
  kind: z.enum(ATTRIBUTE_KINDS),
  unit: z.string().nullable(),
  choices: z.array(z.string()),
  categories: z.array(z.string()).describe("Category slugs; empty: every category"),
});
export type Attribute = z.infer<typeof attributeSchema>;

export const attributeIdParamsSchema = z.object({ id: z.uuid("That is not an attribute's id") });

/** A value as it travels: a number, a choice or text, or yes/no. */
export const attributeValueSchema = z.union([z.number(), z.string().max(ATTRIBUTE_LIMITS.text), z.boolean()]);

/** PUT /api/tools/:id/attributes (admin): the tool's whole list of values, by attribute key. */
export const toolAttributeValuesBodySchema = z.object({
  values: z
    .array(z.object({ key: attributeKeySchema, value: attributeValueSchema }))
    .max(ATTRIBUTE_LIMITS.values, `A tool may have at most ${ATTRIBUTE_LIMITS.values} values`)
    .refine((values) => new Set(values.map((value) => value.key)).size === values.length, {
      message: "Each attribute may have one value",
    }),
});
export type ToolAttributeValuesBody = z.infer<typeof toolAttributeValuesBodySchema>;

/** One line of a tool's spec table, in the attributes' order. */
export const toolAttributeSchema = z.object({
  key: z.string(),
  name: z.string(),
  value: z.union([z.number(), z.string(), z.boolean()]),
  unit: z.string().nullable(),
});
export type ToolAttribute = z.infer<typeof toolAttributeSchema>;

/** How a value reads in the spec table and in JSON-LD: "18 V", "Yes". */
export function attributeValueText(attribute: Pick<ToolAttribute, "value" | "unit">): string {
  if (typeof attribute.value === "boolean") return attribute.value ? "Yes" : "No";
  return attribute.unit ? `${attribute.value} ${attribute.unit}` : String(attribute.value);
}

/**
 * A value checked against its attribute, as the server stores it (a choice as the owner spelled it,
 * text trimmed), or the sentence that says what the attribute takes. The owner's form checks with it
 * before sending, and the server again.
 */
export function checkAttributeValue(
  attribute: Pick<Attribute, "name" | "kind" | "choices">,
  value: number | string | boolean,
): { ok: true; value: number | string | boolean } | { ok: false; message: string } {
  const refuse = (takes: string) => ({ ok: false as const, message: `${attribute.name} takes ${takes}.` });
  switch (attribute.kind) {
    case "number":
      return typeof value === "number" && Number.isFinite(value) && Math.abs(value) < 1e12
        ? { ok: true, value }
        : refuse("a number");
    case "boolean":
      return typeof value === "boolean" ? { ok: true, value } : refuse("true or false");
    case "choice": {
      const chosen =
        typeof value === "string"
          ? attribute.choices.find((choice) => choice.toLowerCase() === value.trim().toLowerCase())
          : undefined;
      return chosen === undefined
        ? refuse(`one of ${attribute.choices.join(", ")}`)
        : { ok: true, value: chosen };
    }
    case "text": {
      const text = typeof value === "string" ? value.trim() : "";
      return text === "" || text.length > ATTRIBUTE_LIMITS.text || !isOneLine(text)
        ? refuse(`one line of text, at most ${ATTRIBUTE_LIMITS.text} characters`)
        : { ok: true, value: text };
    }
  }
}

/**
 * Whether an attribute applies to a tool filed under `categoryPath` (the slugs from its root down to
 * its category): it belongs to one of them, or to no category at all (every one).
 */
export function attributeApplies(attribute: Pick<Attribute, "categories">, categoryPath: readonly string[]) {
  return (
    attribute.categories.length === 0 || attribute.categories.some((slug) => categoryPath.includes(slug))
  );
}

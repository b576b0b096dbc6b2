import { z } from "zod";
import { oneLine } from "./text";

// What fits with what (issue 58, decision 0058): a tool's accessories, spare parts, the tools it fits
// (as a spare part), the tools it works with (symmetric) and its successor, shared by the tools'
// answers, the owner's Relations dialog, the routes and the "Find spare parts" page. No import of
// ./tools: tools.ts builds its answer from these.

/** At most this many tools in each of a tool's lists (accessories, spare parts, works with). */
export const TOOL_RELATIONS_MAX = 50;
export const MODEL_NUMBER_MAX_LENGTH = 60;
/** What "Find spare parts" takes: a model number or a SKU (40), so the longer of the two. */
export const SPARE_PART_QUERY_MAX_LENGTH = MODEL_NUMBER_MAX_LENGTH;

export const TOOL_RELATIONS_TOO_MANY = `At most ${TOOL_RELATIONS_MAX} tools in each list`;
export const TOOL_RELATED_TWICE = "Each tool may appear only once in a list";
export const MODEL_NUMBER_TOO_LONG = `The model number must be at most ${MODEL_NUMBER_MAX_LENGTH} characters`;
export const SPARE_PART_QUERY_REQUIRED = "Please enter a model number or SKU";
export const SPARE_PART_QUERY_TOO_LONG = `A model number or SKU is at most ${SPARE_PART_QUERY_MAX_LENGTH} characters`;
export const TOOL_RELATED_TO_ITSELF = "A tool cannot be related to itself.";
export const TOOL_OWN_SUCCESSOR = "A tool cannot replace itself.";

/** The one sentence an order, a cart and a quote answer for a discontinued tool. */
export const toolDiscontinued = (name: string) => `${name} is discontinued and can no longer be ordered.`;
/** The sentence for a successor that would make a circle of replacements. */
export const successorCycle = (name: string, successor: string) =>
  `${successor} cannot replace ${name}: ${successor} is already replaced, directly or through others, by ${name}.`;
/** The sentence for a model number another tool has, whatever its case there. */
export const modelNumberTaken = (modelNumber: string) =>
  `Another tool already has the model number ${modelNumber}.`;
/** "Find spare parts"' 404: neither a model number nor a SKU of any tool. */
export const noToolForSparePartQuery = (q: string) => `No tool has the model number or SKU ${q}.`;

/** A related tool as the tools' answers name it: enough for a link with its name and SKU. */
export const relatedToolSchema = z.object({ _id: z.uuid(), name: z.string(), sku: z.string() });
export type RelatedTool = z.infer<typeof relatedToolSchema>;

export const toolRelatedSchema = z.object({
  accessories: z.array(relatedToolSchema).describe("Accessories for this tool, in the owner's order"),
  spareParts: z.array(relatedToolSchema).describe("Spare parts that fit this tool, in the owner's order"),
  fits: z.array(relatedToolSchema).describe("As a spare part: the tools it fits, by name"),
  worksWith: z
    .array(relatedToolSchema)
    .describe("Tools it works with (the same battery platform, say); the relation goes both ways"),
  successor: relatedToolSchema.nullable().describe("The tool that replaces this one, if any"),
});
export type ToolRelated = z.infer<typeof toolRelatedSchema>;

export const noRelations = (): ToolRelated => ({
  accessories: [],
  spareParts: [],
  fits: [],
  worksWith: [],
  successor: null,
});

/** A model number as a body or form sends it: trimmed, one line; empty means none. */
export const modelNumberSchema = oneLine(
  z.string().trim().max(MODEL_NUMBER_MAX_LENGTH, MODEL_NUMBER_TOO_LONG),
  "The model number",
).describe(`The maker's model number (up to ${MODEL_NUMBER_MAX_LENGTH}); unique in the shop without case`);

const relatedIds = (what: string) =>
  z
    .array(z.uuid({ message: "Each related tool must be a tool id" }).toLowerCase())
    .max(TOOL_RELATIONS_MAX, TOOL_RELATIONS_TOO_MANY)
    .refine((ids) => new Set(ids).size === ids.length, TOOL_RELATED_TWICE)
    .default([])
    .describe(`${what}, in their order (at most ${TOOL_RELATIONS_MAX}); the whole list, replacing the last`);

/**
 * PUT /api/tools/:id/relations (admin): the tool's model number, discontinued flag, successor and its
 * three lists, all of them each time (the Relations dialog sends what it shows).
 */
export const toolRelationsBodySchema = z.object({
  modelNumber: modelNumberSchema
    .nullable()
    .default(null)
    .transform((value) => (value ? value : null)),
  discontinued: z.boolean({ error: "discontinued must be true or false" }).default(false),
  successorId: z.uuid({ message: "The successor must be a tool id" }).toLowerCase().nullable().default(null),
  accessories: relatedIds("The accessories' tool ids"),
  spareParts: relatedIds("The spare parts' tool ids"),
  worksWith: relatedIds("The ids of the tools it works with"),
});
export type ToolRelationsBody = z.input<typeof toolRelationsBodySchema>;
export type ToolRelationsValues = z.output<typeof toolRelationsBodySchema>;

/** GET /api/spare-parts?q=: a model number or a SKU, matched without case. */
export const sparePartsQuerySchema = z.object({
  q: oneLine(
    z
      .string({ error: SPARE_PART_QUERY_REQUIRED })
      .trim()
      .min(1, SPARE_PART_QUERY_REQUIRED)
      .max(SPARE_PART_QUERY_MAX_LENGTH, SPARE_PART_QUERY_TOO_LONG),
    "The model number or SKU",
  ).describe("A tool's model number or SKU, in any case"),
});
export type SparePartsQuery = z.infer<typeof sparePartsQuerySchema>;

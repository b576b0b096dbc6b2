// The comparison of tools side by side (issue 58, decision 0061): /compare?ids=<id>,<id> in the web
// app and GET /api/tools/compare?ids= read the same list with this one schema.
import { z } from "zod";
import { COMPARE_MAX_TOOLS } from "./catalogue";
import { toolSchema } from "./tools";

export { COMPARE_MAX_TOOLS };

export const COMPARE_IDS_REQUIRED = "Choose at least one tool to compare";
export const COMPARE_TOO_MANY = `At most ${COMPARE_MAX_TOOLS} tools can be compared at once`;

/** "No tool has the id …" / "No tools have the ids …, …": the ids the comparison found nothing for. */
export function compareUnknownIds(ids: readonly string[]): string {
  return ids.length === 1 ? `No tool has the id ${ids[0]}.` : `No tools have the ids ${ids.join(", ")}.`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * `ids`: 1 to 4 tool ids separated by commas (the repeated field of a form, `ids=a&ids=b`, too), each
 * once, in the order given; canonical (lower case).
 */
export const compareQuerySchema = z.object({
  ids: z
    .union([z.string(), z.array(z.string())], { error: COMPARE_IDS_REQUIRED })
    // Cut before it is split: no one can make the server split a megabyte.
    .transform((value) => (Array.isArray(value) ? value.join(",") : value).slice(0, 1000))
    .transform((value) => [
      ...new Set(
        value
          .split(",")
          .map((id) => id.trim().toLowerCase())
          .filter(Boolean),
      ),
    ])
    .superRefine((ids, ctx) => {
      if (ids.length === 0) ctx.addIssue({ code: "custom", message: COMPARE_IDS_REQUIRED });
      else if (ids.length > COMPARE_MAX_TOOLS) ctx.addIssue({ code: "custom", message: COMPARE_TOO_MANY });
      const bad = ids.find((id) => !UUID.test(id));
      if (bad !== undefined) {
        ctx.addIssue({ code: "custom", message: `${bad.slice(0, 40)} is not a tool id` });
      }
    })
    .describe("1 to 4 tool ids, separated by commas"),
});
export type CompareQuery = z.infer<typeof compareQuerySchema>;

/** The first sentence of what is wrong with `ids`, or the ids. */
export function readCompareIds(ids: unknown): { ids: string[] } | { error: string } {
  const parsed = compareQuerySchema.safeParse({ ids: ids ?? undefined });
  if (parsed.success) return { ids: parsed.data.ids };
  return { error: parsed.error.issues[0]?.message ?? COMPARE_IDS_REQUIRED };
}

export const compareAnswerSchema = z.object({
  /** In the order of the ids asked for. */
  tools: z.array(toolSchema),
});
export type CompareAnswer = z.infer<typeof compareAnswerSchema>;

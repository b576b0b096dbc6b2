import { z } from "zod";
import { toolSchema } from "./tools";

/** GET /api/spare-parts?q=: the tool with that model number or SKU, and its spare parts in their order. */
export const sparePartsAnswerSchema = z.object({
  tool: toolSchema,
  spareParts: z.array(toolSchema),
});
export type SparePartsAnswer = z.infer<typeof sparePartsAnswerSchema>;

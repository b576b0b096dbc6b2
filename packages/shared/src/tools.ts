import { z } from "zod";

/** A tool as the API shows it: the spec's field names, `_id`, price in currency units. */
export const toolSchema = z.object({
  _id: z.uuid(),
  name: z.string(),
  short: z.string(),
  image: z.string(),
  price: z.number(),
  minQuantity: z.number().int(),
  availableQuantity: z.number().int(),
});
export type Tool = z.infer<typeof toolSchema>;

export const toolIdParamsSchema = z.object({
  id: z.uuid({ message: "The tool id must be a UUID" }),
});

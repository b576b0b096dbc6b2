import { z } from "zod";

/**
 * `?cursor=&limit=` of the lists whose next page's cursor comes in the X-Next-Cursor header
 * (docs/api/lists-and-search.md): spread into each list's query schema.
 */
export const pageQueryFields = {
  cursor: z
    .string()
    .max(400, "The cursor is not one this server gave")
    .optional()
    .describe("The X-Next-Cursor header of the previous page"),
  limit: z.coerce
    .number({ error: "The limit must be a number" })
    .int("The limit must be a whole number")
    .min(1, "The limit must be between 1 and 100")
    .max(100, "The limit must be between 1 and 100")
    .optional(),
};

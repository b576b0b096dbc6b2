import type { Database } from "@toolshop/db/client";
import { skuOfSearch } from "@toolshop/shared/sku";
import type { FastifyBaseLogger } from "fastify";
import { toolOfSku } from "../tools/skus";
import { productPath } from "./product-page";

/**
 * The product page a list's `?q=` opens when it is exactly a tool's part number, in any case (issue
 * 58): the search box's form sends it so before the app has taken the page over, or without scripts.
 * Undefined for anything else (words, a SKU among words, a SKU no tool has, several q), which lists
 * as before. The address is made of the tool's id, never of the text. One read of the unique index.
 */
export async function skuSearchTarget(
  db: Database,
  q: unknown,
  log: FastifyBaseLogger,
): Promise<string | undefined> {
  const sku = typeof q === "string" ? skuOfSearch(q) : null;
  if (sku === null) return undefined;
  try {
    const tool = await toolOfSku(db, sku);
    return tool && productPath(tool.id);
  } catch (error) {
    // The list is rendered (or falls back) as it would be without a SKU.
    log.error({ err: error }, "a search's SKU could not be looked up");
    return undefined;
  }
}

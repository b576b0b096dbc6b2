import type { RelatedTool, ToolRelationsBody } from "@toolshop/shared/tool-relations";
import type { Tool } from "@toolshop/shared/tools";
import { ApiRequestError, apiRequest } from "../../../lib/api-client";
import { searchTools } from "../../tools/api/search-tools";

/** PUT /api/tools/:id/relations (admin): model number, discontinued, successor and the three lists. */
export function saveToolRelations(toolId: string, body: ToolRelationsBody): Promise<Tool> {
  return apiRequest<Tool>(`/tools/${encodeURIComponent(toolId)}/relations`, { method: "PUT", json: body });
}

const bySku = async (text: string, signal?: AbortSignal): Promise<Tool[]> => {
  try {
    return [await apiRequest<Tool>(`/tools/by-sku/${encodeURIComponent(text)}`, { signal })];
  } catch (error) {
    // Not a SKU (400) or nobody's (404): the name search answers alone.
    if (error instanceof ApiRequestError && (error.status === 400 || error.status === 404)) return [];
    throw error;
  }
};

/**
 * Tools for the Relations dialog's pickers: the one whose SKU this is, then those whose name or
 * description has these words (the search reads no SKUs).
 */
export async function findToolsToRelate(text: string, signal?: AbortSignal): Promise<RelatedTool[]> {
  const [exact, page] = await Promise.all([
    bySku(text, signal),
    searchTools({ q: text, limit: 8 }, null, signal),
  ]);
  const seen = new Set<string>();
  return [...exact, ...page.tools].flatMap((tool) => {
    if (seen.has(tool._id)) return [];
    seen.add(tool._id);
    return [{ _id: tool._id, name: tool.name, sku: tool.sku }];
  });
}

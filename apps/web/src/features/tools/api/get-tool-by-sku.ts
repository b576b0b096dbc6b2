import type { Tool } from "@toolshop/shared/tools";
import { ApiRequestError, apiRequest } from "../../../lib/api-client";

/** GET /api/tools/by-sku/:sku: the tool with this part number, in any case; null when no tool has it. */
export async function findToolBySku(sku: string, signal?: AbortSignal): Promise<Tool | null> {
  try {
    return await apiRequest<Tool>(`/tools/by-sku/${encodeURIComponent(sku)}`, { signal });
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) return null;
    throw error;
  }
}

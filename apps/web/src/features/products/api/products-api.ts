import { queryOptions } from "@tanstack/react-query";
import type {
  CreateToolBody,
  DeleteToolResponse,
  Tool,
  ToolStockSettings,
  UpdateToolBody,
} from "@toolshop/shared/tools";
import { UPLOAD_FIELD_NAME, type UploadResponse } from "@toolshop/shared/uploads";
import { apiRequest } from "../../../lib/api-client";
import { toolKeys } from "../../tools/api/search-tools";

/**
 * The catalogue's query keys (features/tools): every tool write refreshes the list, each tool and
 * every search (the home page's and Manage Products'), whose keys all start with this one.
 */
export const TOOLS_QUERY_KEY = toolKeys.all;

/** POST /api/uploads (admin): stores the picture and answers its URL (docs/product.md: the image goes first). */
export async function uploadImage(file: File): Promise<string> {
  const form = new FormData();
  form.append(UPLOAD_FIELD_NAME, file);
  const answer = await apiRequest<UploadResponse>("/uploads", { method: "POST", body: form });
  return answer.data.url;
}

/** POST /api/tools (admin). */
export function createTool(body: CreateToolBody): Promise<Tool> {
  return apiRequest<Tool>("/tools", { method: "POST", json: body });
}

/** GET /api/tools/:id: the tool as it is now (its stock, after a 409). */
export function getTool(id: string): Promise<Tool> {
  return apiRequest<Tool>(`/tools/${encodeURIComponent(id)}`);
}

/** PATCH /api/tools/:id (admin); refused (409) if orders changed the stock since the edit began. */
export function updateTool(id: string, body: UpdateToolBody): Promise<Tool> {
  return apiRequest<Tool>(`/tools/${encodeURIComponent(id)}`, { method: "PATCH", json: body });
}

/** DELETE /api/tools/:id (admin); refused (409) for a tool customers have paid for. */
export function deleteTool(id: string): Promise<DeleteToolResponse> {
  return apiRequest<DeleteToolResponse>(`/tools/${encodeURIComponent(id)}`, { method: "DELETE" });
}

/** GET /api/tools/:id/stock-settings (admin): the tool's low-stock threshold, null for the default. */
export const stockSettingsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ["tool-stock-settings", id] as const,
    queryFn: ({ signal }) =>
      apiRequest<ToolStockSettings>(`/tools/${encodeURIComponent(id)}/stock-settings`, { signal }),
    staleTime: 0,
  });

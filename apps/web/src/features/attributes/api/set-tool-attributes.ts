import type { ToolAttribute, ToolAttributeValuesBody } from "@toolshop/shared/attributes";
import { apiRequest } from "../../../lib/api-client";

/** PUT /api/tools/:id/attributes (admin): the tool's whole list of values; answers them as kept. */
export function setToolAttributes(toolId: string, body: ToolAttributeValuesBody): Promise<ToolAttribute[]> {
  return apiRequest<ToolAttribute[]>(`/tools/${encodeURIComponent(toolId)}/attributes`, {
    method: "PUT",
    json: body,
  });
}

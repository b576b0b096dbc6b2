import { DOCUMENT_FILE_FIELD, type ToolDocument, type ToolImage } from "@toolshop/shared/tool-media";
import type { ToolDocumentFields, ToolImagesBody } from "@toolshop/shared/tool-media-bodies";
import { apiRequest } from "../../../lib/api-client";

const toolPath = (toolId: string) => `/tools/${encodeURIComponent(toolId)}`;

/** PUT /api/tools/:id/images (admin): the gallery in its new order; the first becomes the tool's image. */
export async function saveToolImages(toolId: string, body: ToolImagesBody): Promise<ToolImage[]> {
  const answer = await apiRequest<{ images: ToolImage[] }>(`${toolPath(toolId)}/images`, {
    method: "PUT",
    json: body,
  });
  return answer.images;
}

/** POST /api/tools/:id/documents (admin): the fields before the file, as the server reads them. */
export function uploadToolDocument(
  toolId: string,
  fields: ToolDocumentFields,
  file: File,
): Promise<ToolDocument> {
  const form = new FormData();
  form.append("kind", fields.kind);
  form.append("title", fields.title);
  form.append(DOCUMENT_FILE_FIELD, file);
  return apiRequest<ToolDocument>(`${toolPath(toolId)}/documents`, { method: "POST", body: form });
}

/** DELETE /api/tools/:id/documents/:documentId (admin). */
export async function removeToolDocument(toolId: string, documentId: string): Promise<void> {
  await apiRequest<undefined>(`${toolPath(toolId)}/documents/${encodeURIComponent(documentId)}`, {
    method: "DELETE",
  });
}

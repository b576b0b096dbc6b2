import {
  TOOL_IMPORT_CONTENT_TYPE,
  TOOLS_EXPORT_FILE_NAME,
  type ToolImportResult,
} from "@toolshop/shared/spreadsheets";
import { apiFileRequest, apiRequest } from "../../../lib/api-client";
import { saveFile } from "../../../lib/save-file";

/** GET /api/tools/export.csv (admin), saved as the file the server names. */
export async function downloadCatalogue(): Promise<void> {
  const { blob, fileName } = await apiFileRequest("/tools/export.csv");
  saveFile(blob, fileName ?? TOOLS_EXPORT_FILE_NAME);
}

/**
 * POST /api/tools/import (admin) with the chosen file as it is. Without `expect` a preview (dryRun);
 * with the preview's fingerprint, the import of exactly what was previewed (409 if the catalogue
 * changed meanwhile, 422 if rows have errors now).
 */
export function importCatalogue(file: Blob, confirm?: { expect: string }): Promise<ToolImportResult> {
  const query = confirm ? `expect=${confirm.expect}` : "dryRun=true";
  return apiRequest<ToolImportResult>(`/tools/import?${query}`, {
    method: "POST",
    body: file,
    headers: { "Content-Type": TOOL_IMPORT_CONTENT_TYPE },
  });
}

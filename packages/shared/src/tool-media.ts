import { z } from "zod";

// A tool's pictures and documents as the tools' answers show them (issue 58, decision 0057), and the
// limits and messages the admin's form and the server share. A leaf: tools.ts imports it for toolSchema.

export const TOOL_IMAGES_MAX = 12;
export const IMAGE_ALT_MAX_LENGTH = 200;
export const DOCUMENT_TITLE_MAX_LENGTH = 120;
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;
/** The multipart fields of POST /api/tools/:id/documents. */
export const DOCUMENT_FILE_FIELD = "document";

export const toolDocumentKinds = ["datasheet", "manual", "declaration_of_conformity"] as const;
export type ToolDocumentKind = (typeof toolDocumentKinds)[number];
export const TOOL_DOCUMENT_KIND_LABELS: Record<ToolDocumentKind, string> = {
  datasheet: "Datasheet",
  manual: "Manual",
  declaration_of_conformity: "Declaration of conformity",
};

export const DOCUMENT_REQUIRED = "Please choose a PDF document.";
export const DOCUMENT_NOT_A_PDF = "This file is not a PDF. Please choose a PDF document.";
export const DOCUMENT_TOO_LARGE = `The document is larger than ${MAX_DOCUMENT_BYTES / (1024 * 1024)} MB. Please choose a smaller file.`;
export const DOCUMENT_ONE_FILE_ONLY = "Please send one document at a time.";
export const DOCUMENT_TITLE_REQUIRED = "Title is required";
export const DOCUMENT_KIND_UNKNOWN = "The kind must be datasheet, manual or declaration_of_conformity";
export const TOOL_IMAGES_REQUIRED = "A product needs at least one picture";
export const TOOL_IMAGES_TOO_MANY = `A product has at most ${TOOL_IMAGES_MAX} pictures`;
export const TOOL_IMAGE_TWICE = "A picture can be in the gallery once";

export const toolImageSchema = z.object({
  /** A site path: /uploads/<hash>.webp or a bundled /images/... picture; the first is the tool's image. */
  url: z.string(),
  /** What the picture shows; empty when the owner wrote none (the tool's name stands in). */
  alt: z.string(),
});
export type ToolImage = z.infer<typeof toolImageSchema>;

export const toolDocumentSchema = z.object({
  _id: z.uuid(),
  kind: z.enum(toolDocumentKinds),
  title: z.string(),
  /** Site-relative: /api/tools/<tool id>/documents/<id>, a download named after the title. */
  url: z.string(),
  /** In bytes. */
  size: z.number().int(),
});
export type ToolDocument = z.infer<typeof toolDocumentSchema>;

/** What the browser's File tells about a chosen file (this package has no DOM types). */
interface ChosenDocument {
  name: string;
  size: number;
  type: string;
}

/**
 * A chosen document checked in the browser before it is sent: present, a PDF by its type or name, small
 * enough. Whether its bytes are a PDF only the server tells (it reads the header).
 */
export function documentFileProblem(file: ChosenDocument | undefined | null): string | undefined {
  if (!file || file.size === 0) return DOCUMENT_REQUIRED;
  const looksLikePdf = file.type === "application/pdf" || file.name.toLowerCase().endsWith(".pdf");
  if (!looksLikePdf) return DOCUMENT_NOT_A_PDF;
  if (file.size > MAX_DOCUMENT_BYTES) return DOCUMENT_TOO_LARGE;
  return undefined;
}

/** A byte count as a person reads it: 820 KB, 1.4 MB. */
export function documentSizeLabel(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

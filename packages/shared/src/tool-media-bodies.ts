import { z } from "zod";
import { oneLine } from "./text";
import {
  DOCUMENT_KIND_UNKNOWN,
  DOCUMENT_TITLE_MAX_LENGTH,
  DOCUMENT_TITLE_REQUIRED,
  IMAGE_ALT_MAX_LENGTH,
  TOOL_IMAGE_TWICE,
  TOOL_IMAGES_MAX,
  TOOL_IMAGES_REQUIRED,
  TOOL_IMAGES_TOO_MANY,
  toolDocumentKinds,
} from "./tool-media";
import { productImagePathSchema } from "./tools";

// The admin's writes to a tool's pictures and documents (decision 0057), shared by the product's edit
// screen and the routes.

export const imageAltSchema = oneLine(
  z
    .string()
    .trim()
    .max(IMAGE_ALT_MAX_LENGTH, `The description must be at most ${IMAGE_ALT_MAX_LENGTH} characters`),
  "The description",
);

/**
 * PUT /api/tools/:id/images (admin): the tool's pictures in their new order, each an uploaded (or the
 * tool's bundled) picture: adding, moving and removing are each this list sent again. The first becomes
 * the tool's image.
 */
export const toolImagesBodySchema = z.object({
  images: z
    .array(z.object({ url: productImagePathSchema, alt: imageAltSchema.default("") }), {
      error: TOOL_IMAGES_REQUIRED,
    })
    .min(1, TOOL_IMAGES_REQUIRED)
    .max(TOOL_IMAGES_MAX, TOOL_IMAGES_TOO_MANY)
    .refine((images) => new Set(images.map((image) => image.url)).size === images.length, TOOL_IMAGE_TWICE),
});
export type ToolImagesBody = z.infer<typeof toolImagesBodySchema>;

export const documentTitleSchema = oneLine(
  z
    .string({ error: DOCUMENT_TITLE_REQUIRED })
    .trim()
    .min(1, DOCUMENT_TITLE_REQUIRED)
    .max(DOCUMENT_TITLE_MAX_LENGTH, `The title must be at most ${DOCUMENT_TITLE_MAX_LENGTH} characters`),
  "The title",
);

/** The text fields beside the file of POST /api/tools/:id/documents (multipart), and the form's. */
export const toolDocumentFieldsSchema = z.object({
  kind: z.enum(toolDocumentKinds, { error: DOCUMENT_KIND_UNKNOWN }),
  title: documentTitleSchema,
});
export type ToolDocumentFields = z.infer<typeof toolDocumentFieldsSchema>;

export const toolDocumentParamsSchema = z.object({
  id: z.uuid({ message: "The tool id must be a UUID" }).toLowerCase(),
  documentId: z.uuid({ message: "The document id must be a UUID" }).toLowerCase(),
});

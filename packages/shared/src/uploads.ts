import { z } from "zod";
import { MAX_UPLOAD_BYTES } from "./constants";

// POST /api/uploads: one product image in the multipart field `image`, answered like the image-hosting
// service docs/product.md section 7 names ({success, data: {url}}). The server decodes every upload; the
// limits here let the web refuse early what the server would refuse anyway.

export { MAX_UPLOAD_BYTES };
export const UPLOAD_FIELD_NAME = "image";
/** The longest side of a stored image; larger pictures are scaled down to fit inside it. */
export const UPLOAD_MAX_DIMENSION_PX = 1200;
/** What the file input offers; SVG is refused on purpose (it can carry scripts). */
export const ACCEPTED_IMAGE_TYPES = [
  "image/jpeg",
  "image/png",
  "image/webp",
  "image/gif",
  "image/avif",
] as const;

export const IMAGE_REQUIRED = "image is required";
export const IMAGE_TOO_LARGE = `The image is larger than ${MAX_UPLOAD_BYTES / (1024 * 1024)} MB. Please choose a smaller picture.`;
export const IMAGE_NOT_AN_IMAGE =
  "This file is not a picture we can read. Please choose a JPEG, PNG, WebP, GIF or AVIF image.";
export const IMAGE_SVG_REFUSED =
  "SVG images are not accepted. Please choose a JPEG, PNG, WebP, GIF or AVIF image.";
export const IMAGE_ONE_FILE_ONLY = "Please send one image at a time.";

export const uploadResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    /** Site-relative: /uploads/<content hash>.webp */
    url: z.string(),
  }),
});
export type UploadResponse = z.infer<typeof uploadResponseSchema>;

/** What the browser's File tells about a chosen file (this package has no DOM types). */
export interface ChosenFile {
  name: string;
  size: number;
  type: string;
}

/**
 * The file of a product form, checked in the browser before it is sent: present, not SVG, small
 * enough. Whether it really is a picture only the server can tell (it decodes it).
 */
export function imageFileProblem(file: ChosenFile | undefined | null): string | undefined {
  if (!file || file.size === 0) return IMAGE_REQUIRED;
  if (file.type === "image/svg+xml" || file.name.toLowerCase().endsWith(".svg")) return IMAGE_SVG_REFUSED;
  if (file.type && !file.type.startsWith("image/")) return IMAGE_NOT_AN_IMAGE;
  if (file.size > MAX_UPLOAD_BYTES) return IMAGE_TOO_LARGE;
  return undefined;
}

import { createHash } from "node:crypto";
import type { Database } from "@toolshop/db/client";
import { orderLines, toolDocuments, toolImages, tools } from "@toolshop/db/schema";
import {
  IMAGE_NOT_AN_IMAGE,
  IMAGE_REQUIRED,
  IMAGE_SVG_REFUSED,
  UPLOAD_MAX_DIMENSION_PX,
} from "@toolshop/shared/uploads";
import { like } from "drizzle-orm";
import { HttpError } from "../../lib/http-errors";
import type { ImageStore } from "./storage";

/** The store's interface, for the features that keep files beside the pictures (tool-media's documents). */
export type { ImageStore } from "./storage";

/** Uploads are served from here; a stored name is `<content hash>.webp`. */
export const UPLOADS_URL_PREFIX = "/uploads/";
export const STORED_NAME = /^[0-9a-f]{32}\.webp$/;
/** A product's document (decision 0057), stored beside the pictures: `<content hash>.pdf`. */
const STORED_DOCUMENT_NAME = /^[0-9a-f]{32}\.pdf$/;
/** Formats sharp reports that we accept ("heif" is how it names AVIF). SVG is refused: it can carry scripts. */
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "gif", "heif"]);
/** Refuses decompression bombs: a small file that decodes to a huge bitmap (about 7000 × 7000). */
const MAX_INPUT_PIXELS = 50_000_000;

/**
 * Decodes an uploaded file with sharp and stores it as a WebP that fits inside the maximum size, with
 * all metadata (EXIF location, camera, ICC) dropped, under its content hash: the same picture uploaded
 * twice is one file, and a name never changes its content, so it can be cached forever.
 * Answers the stored picture's site-relative URL.
 */
export async function storeProductImage(images: ImageStore, file: Buffer): Promise<string> {
  if (file.length === 0) throw new HttpError(400, IMAGE_REQUIRED);
  const webp = await toWebp(file);
  const name = `${createHash("sha256").update(webp).digest("hex").slice(0, 32)}.webp`;
  // Already stored: put() freshens it, so that pruning counts its grace period from this upload.
  await images.put(name, webp);
  return `${UPLOADS_URL_PREFIX}${name}`;
}

/** sharp (libvips: some 19 MB of memory) is loaded on the first upload, not when the server starts. */
const loadSharp = () => import("sharp").then((module) => module.default);

async function toWebp(file: Buffer): Promise<Buffer> {
  // Outside the try below: a sharp that cannot load is the server's fault, not the file's.
  const sharp = await loadSharp();
  let format: string | undefined;
  try {
    ({ format } = await sharp(file, { limitInputPixels: MAX_INPUT_PIXELS }).metadata());
  } catch {
    // Text renamed .png, a PDF, a truncated header...: sharp cannot tell what it is.
    throw new HttpError(400, IMAGE_NOT_AN_IMAGE);
  }
  if (format === "svg") throw new HttpError(400, IMAGE_SVG_REFUSED);
  if (!format || !ACCEPTED_FORMATS.has(format)) throw new HttpError(400, IMAGE_NOT_AN_IMAGE);
  try {
    return await sharp(file, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" })
      .rotate() // applies the EXIF orientation before the EXIF is dropped
      .resize({
        width: UPLOAD_MAX_DIMENSION_PX,
        height: UPLOAD_MAX_DIMENSION_PX,
        fit: "inside",
        withoutEnlargement: true,
      })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    // A header that looks right over a broken or oversized bitmap.
    throw new HttpError(400, IMAGE_NOT_AN_IMAGE);
  }
}

/** Whether a site-relative image URL is one of our uploads whose image is stored. */
export async function uploadExists(images: ImageStore, url: string): Promise<boolean> {
  if (!url.startsWith(UPLOADS_URL_PREFIX)) return false;
  const name = url.slice(UPLOADS_URL_PREFIX.length);
  return STORED_NAME.test(name) && images.exists(name);
}

/** How long an upload may wait for the product that uses it before pruning may remove it. */
export const UPLOAD_GRACE_PERIOD_MS = 60 * 60 * 1000;

/**
 * Removes uploads that no tool (its pictures, its documents) and no order refers to and that are older
 * than the grace period: the picture of a product whose creation then failed (or was never sent: the
 * tab was closed), and pictures and documents a tool no longer uses once every order that showed it is
 * gone. Deleting on the client's word instead
 * would miss the closed tab, and could remove a picture that another tool has since been saved with
 * (same content, same name). Safe with several API processes: each file is checked against the
 * database, and a fresh upload is always inside its grace period. Answers the names it removed.
 */
export async function pruneUnreferencedUploads(
  db: Database,
  images: ImageStore,
  options: { now?: Date; gracePeriodMs?: number } = {},
): Promise<string[]> {
  const now = options.now ?? new Date();
  const gracePeriodMs = options.gracePeriodMs ?? UPLOAD_GRACE_PERIOD_MS;
  const candidates = (await images.list())
    .filter(
      ({ name }) =>
        STORED_NAME.test(name) ||
        STORED_DOCUMENT_NAME.test(name) ||
        (name.startsWith(".") && name.endsWith(".tmp")),
    )
    .filter(({ modifiedAt }) => now.getTime() - modifiedAt.getTime() > gracePeriodMs)
    .map(({ name }) => name);
  if (candidates.length === 0) return [];

  const referenced = new Set<string>();
  const pattern = `${UPLOADS_URL_PREFIX}%`;
  // An order's lines keep their tools' pictures as they were; a tool's gallery holds its image too.
  const [imagesOfTools, galleryImages, lineImages, documents] = await Promise.all([
    db.selectDistinct({ image: tools.image }).from(tools).where(like(tools.image, pattern)),
    db.selectDistinct({ image: toolImages.url }).from(toolImages).where(like(toolImages.url, pattern)),
    db.selectDistinct({ image: orderLines.image }).from(orderLines).where(like(orderLines.image, pattern)),
    db.selectDistinct({ name: toolDocuments.storedName }).from(toolDocuments),
  ]);
  for (const { image } of [...imagesOfTools, ...galleryImages, ...lineImages]) {
    referenced.add(image.slice(UPLOADS_URL_PREFIX.length));
  }
  for (const { name } of documents) referenced.add(name);
  const removed = candidates.filter((name) => !referenced.has(name));
  await images.remove(removed);
  return removed;
}

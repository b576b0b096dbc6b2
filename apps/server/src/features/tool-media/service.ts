import { createHash } from "node:crypto";
import type { Database } from "@toolshop/db/client";
import { toolDocuments, toolImages, tools } from "@toolshop/db/schema";
import {
  DOCUMENT_NOT_A_PDF,
  DOCUMENT_REQUIRED,
  type ToolDocument,
  type ToolImage,
} from "@toolshop/shared/tool-media";
import type { ToolDocumentFields, ToolImagesBody } from "@toolshop/shared/tool-media-bodies";
import { PRODUCT_IMAGE_NOT_OURS } from "@toolshop/shared/tools";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { DomainEventPublisher } from "../../lib/domain-events";
import { HttpError } from "../../lib/http-errors";
import type { ImageStore } from "../uploads/service";
import { isPdf } from "./pdf";

// A tool's pictures (its gallery, the first being its image) and documents (decision 0057). Documents
// are stored in the uploads' store under their content hash, as pictures are, and pruned with them.

export const DOCUMENT_CONTENT_TYPE = "application/pdf";
const NO_SUCH_TOOL = "There is no tool with this id.";
const NO_SUCH_DOCUMENT = "There is no document with this id for this tool.";

export interface ToolMedia {
  images: ToolImage[];
  documents: ToolDocument[];
}

export interface ToolMediaContext {
  db: Database;
  events: DomainEventPublisher;
  /** Where documents are stored: the uploads' store. */
  store: ImageStore;
  /** Whether a site path is one of our uploads and its file is there (uploads/service.ts). */
  uploadExists(url: string): Promise<boolean>;
}

export const documentUrl = (toolId: string, documentId: string) =>
  `/api/tools/${toolId}/documents/${documentId}`;

/**
 * The pictures and documents of these tools, in two queries (by the tools' index on each table). A tool
 * written before its gallery had a row (none should, the trigger of migration 0039 adds it) shows its
 * image alone.
 */
export async function mediaOfTools(
  db: Database,
  rows: readonly { id: string; image: string }[],
): Promise<Map<string, ToolMedia>> {
  const media = new Map<string, ToolMedia>(rows.map((row) => [row.id, { images: [], documents: [] }]));
  if (rows.length === 0) return media;
  const ids = rows.map((row) => row.id);
  const [imageRows, documentRows] = await Promise.all([
    db
      .select({ toolId: toolImages.toolId, url: toolImages.url, alt: toolImages.alt })
      .from(toolImages)
      .where(inArray(toolImages.toolId, ids))
      .orderBy(asc(toolImages.toolId), asc(toolImages.position)),
    db
      .select({
        id: toolDocuments.id,
        toolId: toolDocuments.toolId,
        kind: toolDocuments.kind,
        title: toolDocuments.title,
        sizeBytes: toolDocuments.sizeBytes,
      })
      .from(toolDocuments)
      .where(inArray(toolDocuments.toolId, ids))
      .orderBy(asc(toolDocuments.toolId), asc(toolDocuments.createdAt), asc(toolDocuments.id)),
  ]);
  for (const row of imageRows) media.get(row.toolId)?.images.push({ url: row.url, alt: row.alt });
  for (const row of documentRows) {
    media.get(row.toolId)?.documents.push({
      _id: row.id,
      kind: row.kind,
      title: row.title,
      url: documentUrl(row.toolId, row.id),
      size: row.sizeBytes,
    });
  }
  for (const row of rows) {
    const entry = media.get(row.id);
    if (entry && entry.images.length === 0) entry.images.push({ url: row.image, alt: "" });
  }
  return media;
}

/**
 * PUT /tools/:id/images (admin): the gallery in its new order; the first becomes the tool's image. A
 * picture the tool already shows is kept as it is (the seed's bundled ones are not uploads); any other
 * must be an upload that is there.
 */
export async function setToolImages(
  ctx: ToolMediaContext,
  toolId: string,
  body: ToolImagesBody,
): Promise<ToolImage[]> {
  const [tool] = await ctx.db.select({ image: tools.image }).from(tools).where(eq(tools.id, toolId));
  if (!tool) throw new HttpError(404, NO_SUCH_TOOL);
  const current = await ctx.db
    .select({ url: toolImages.url })
    .from(toolImages)
    .where(eq(toolImages.toolId, toolId));
  const shown = new Set([tool.image, ...current.map((row) => row.url)]);
  for (const image of body.images) {
    if (!shown.has(image.url) && !(await ctx.uploadExists(image.url))) {
      throw new HttpError(
        400,
        `${PRODUCT_IMAGE_NOT_OURS}; ${image.url} was not found. Please upload it again.`,
      );
    }
  }
  const [first] = body.images;
  if (!first) throw new Error("The schema lets no empty gallery through.");
  const found = await ctx.db.transaction(async (tx) => {
    // The tool's row lock orders two admins' galleries; its image first, so the trigger's row is the new one.
    const [updated] = await tx
      .update(tools)
      .set({ image: first.url })
      .where(eq(tools.id, toolId))
      .returning({ id: tools.id });
    if (!updated) return false;
    await tx.delete(toolImages).where(eq(toolImages.toolId, toolId));
    await tx
      .insert(toolImages)
      .values(body.images.map((image, position) => ({ toolId, position, url: image.url, alt: image.alt })));
    return true;
  });
  if (!found) throw new HttpError(404, NO_SUCH_TOOL);
  await ctx.events.publish({ type: "ToolChanged", toolId, change: "updated" });
  return body.images;
}

/** POST /tools/:id/documents (admin): a PDF stored under its content hash, listed with its kind and title. */
export async function addToolDocument(
  ctx: ToolMediaContext,
  toolId: string,
  fields: ToolDocumentFields,
  file: Buffer,
): Promise<ToolDocument> {
  if (file.length === 0) throw new HttpError(400, DOCUMENT_REQUIRED);
  if (!isPdf(file)) throw new HttpError(400, DOCUMENT_NOT_A_PDF);
  const [tool] = await ctx.db.select({ id: tools.id }).from(tools).where(eq(tools.id, toolId));
  if (!tool) throw new HttpError(404, NO_SUCH_TOOL);
  const storedName = `${createHash("sha256").update(file).digest("hex").slice(0, 32)}.pdf`;
  // Stored before its row: pruning spares a fresh file for an hour, and a row never names a missing one.
  await ctx.store.put(storedName, file, DOCUMENT_CONTENT_TYPE);
  const [row] = await ctx.db
    .insert(toolDocuments)
    .values({ toolId, kind: fields.kind, title: fields.title, storedName, sizeBytes: file.length })
    .returning();
  if (!row) throw new Error("The new document was not returned.");
  await ctx.events.publish({ type: "ToolChanged", toolId, change: "updated" });
  return {
    _id: row.id,
    kind: row.kind,
    title: row.title,
    url: documentUrl(toolId, row.id),
    size: row.sizeBytes,
  };
}

/** DELETE /tools/:id/documents/:documentId (admin); its file goes at the next prune if nothing else names it. */
export async function removeToolDocument(
  ctx: ToolMediaContext,
  toolId: string,
  documentId: string,
): Promise<void> {
  const removed = await ctx.db
    .delete(toolDocuments)
    .where(and(eq(toolDocuments.id, documentId), eq(toolDocuments.toolId, toolId)))
    .returning({ id: toolDocuments.id });
  if (removed.length === 0) throw new HttpError(404, NO_SUCH_DOCUMENT);
  await ctx.events.publish({ type: "ToolChanged", toolId, change: "updated" });
}

/** The stored document behind a download, or a 404. */
export async function findToolDocument(db: Database, toolId: string, documentId: string) {
  const [row] = await db
    .select({ title: toolDocuments.title, storedName: toolDocuments.storedName })
    .from(toolDocuments)
    .where(and(eq(toolDocuments.id, documentId), eq(toolDocuments.toolId, toolId)));
  if (!row) throw new HttpError(404, NO_SUCH_DOCUMENT);
  return row;
}

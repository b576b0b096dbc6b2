import multipart from "@fastify/multipart";
import { apiErrorSchema } from "@toolshop/shared/errors";
import {
  DOCUMENT_FILE_FIELD,
  DOCUMENT_ONE_FILE_ONLY,
  DOCUMENT_REQUIRED,
  DOCUMENT_TOO_LARGE,
  MAX_DOCUMENT_BYTES,
  toolDocumentSchema,
  toolImageSchema,
} from "@toolshop/shared/tool-media";
import {
  toolDocumentFieldsSchema,
  toolDocumentParamsSchema,
  toolImagesBodySchema,
} from "@toolshop/shared/tool-media-bodies";
import { toolIdParamsSchema } from "@toolshop/shared/tools";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { refuseUndeclaredOrLarger } from "../../lib/declared-size";
import { HttpError } from "../../lib/http-errors";
import type { ImageStore } from "../uploads/service";
import { attachmentDisposition } from "./pdf";
import {
  addToolDocument,
  DOCUMENT_CONTENT_TYPE,
  findToolDocument,
  removeToolDocument,
  setToolImages,
  type ToolMediaContext,
} from "./service";

const SIZE_NOT_DECLARED = "Send the document with its size: the request must declare a Content-Length.";
const NOT_MULTIPART = `Send the document as multipart/form-data: the fields kind and title, and the file in "${DOCUMENT_FILE_FIELD}".`;

const errors = (...codes: (400 | 401 | 403 | 404 | 411 | 413 | 415)[]) =>
  Object.fromEntries(codes.map((code) => [code, apiErrorSchema]));

const documentFormDocSchema = z
  .object({
    kind: z.string(),
    title: z.string(),
    [DOCUMENT_FILE_FIELD]: z.string().meta({ format: "binary", description: "The PDF file" }),
  })
  .nullish();

export interface ToolMediaOptions {
  store: ImageStore;
  uploadExists(url: string): Promise<boolean>;
}

/**
 * A tool's pictures and documents (decision 0057): the admin's writes, each guarded before its body is
 * read, and the documents' downloads.
 */
export const toolMediaRoutes: FastifyPluginAsyncZod<ToolMediaOptions> = async (
  app,
  { store, uploadExists },
) => {
  const ctx: ToolMediaContext = { db: app.db, events: app.events, store, uploadExists };
  // Registered here, so multipart bodies reach this plugin's document upload alone.
  await app.register(multipart, {
    limits: { fileSize: MAX_DOCUMENT_BYTES, files: 1, fields: 4, parts: 5, fieldSize: 4096 },
  });

  app.put(
    "/tools/:id/images",
    {
      onRequest: app.requireAdmin,
      schema: {
        security: [{ bearerAuth: [] }],
        tags: ["tools"],
        summary: "Set a product's pictures in their order (admin); upload new ones first with POST /uploads",
        description:
          "The whole gallery, first to last: adding, moving and removing a picture each send the list again. The first becomes the tool's image. At most 12.",
        params: toolIdParamsSchema,
        body: toolImagesBodySchema,
        response: { 200: z.object({ images: z.array(toolImageSchema) }), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => ({ images: await setToolImages(ctx, request.params.id, request.body) }),
  );

  app.post(
    "/tools/:id/documents",
    {
      onRequest: [
        refuseUndeclaredOrLarger(MAX_DOCUMENT_BYTES, {
          notDeclared: SIZE_NOT_DECLARED,
          tooLarge: DOCUMENT_TOO_LARGE,
        }),
        app.requireAdmin,
      ],
      schema: {
        security: [{ bearerAuth: [] }],
        tags: ["tools"],
        summary: "Add a document to a product (admin)",
        description: `multipart/form-data: kind (datasheet, manual or declaration_of_conformity), title (1 to 120 characters, one line) and one PDF in the field "${DOCUMENT_FILE_FIELD}", at most ${MAX_DOCUMENT_BYTES} bytes. A file that does not start with a PDF header is refused.`,
        consumes: ["multipart/form-data"],
        params: toolIdParamsSchema,
        body: documentFormDocSchema,
        response: { 201: toolDocumentSchema, ...errors(400, 401, 403, 404, 411, 413, 415) },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new HttpError(415, NOT_MULTIPART);
      const { fields, file } = await readDocumentForm(request);
      const parsed = toolDocumentFieldsSchema.safeParse(fields);
      if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? NOT_MULTIPART);
      if (!file) throw new HttpError(400, DOCUMENT_REQUIRED);
      return reply.code(201).send(await addToolDocument(ctx, request.params.id, parsed.data, file));
    },
  );

  app.delete(
    "/tools/:id/documents/:documentId",
    {
      onRequest: app.requireAdmin,
      schema: {
        security: [{ bearerAuth: [] }],
        tags: ["tools"],
        summary: "Remove a product's document (admin)",
        params: toolDocumentParamsSchema,
        response: { 204: z.null(), ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await removeToolDocument(ctx, request.params.id, request.params.documentId);
      return reply.code(204).send(null);
    },
  );

  app.get(
    "/tools/:id/documents/:documentId",
    {
      schema: {
        tags: ["tools"],
        summary: "Download a product's document",
        description:
          "The PDF, as application/pdf with Content-Disposition: attachment and a file name made from its title.",
        params: toolDocumentParamsSchema,
        response: { 200: z.any().meta({ description: "The PDF" }), ...errors(400, 404) },
      },
    },
    async (request, reply) => {
      const document = await findToolDocument(app.db, request.params.id, request.params.documentId);
      const file = await store.read(document.storedName);
      if (!file) throw new HttpError(404, "This document's file is missing.");
      reply
        .header("content-type", DOCUMENT_CONTENT_TYPE)
        .header("content-disposition", attachmentDisposition(document.title))
        .header("x-content-type-options", "nosniff")
        // The row may go (the owner removes it); the file under its name never changes.
        .header("cache-control", "public, max-age=300");
      if (file.length !== undefined) reply.header("content-length", file.length);
      return reply.send(file.body);
    },
  );
};

/** The text fields and the one file of the document form; the multipart plugin's errors become sentences. */
async function readDocumentForm(
  request: FastifyRequest,
): Promise<{ fields: Record<string, string>; file: Buffer | undefined }> {
  const fields: Record<string, string> = {};
  let file: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === "field") {
        if (typeof part.value === "string") fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== DOCUMENT_FILE_FIELD) {
        part.file.resume();
        continue;
      }
      const bytes = await part.toBuffer();
      if (bytes.length > 0) file = bytes;
    }
  } catch (error) {
    throw multipartProblem(error);
  }
  return { fields, file };
}

function multipartProblem(error: unknown): unknown {
  if (error instanceof HttpError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (code === "FST_REQ_FILE_TOO_LARGE") return new HttpError(413, DOCUMENT_TOO_LARGE);
  if (code === "FST_FILES_LIMIT" || code === "FST_PARTS_LIMIT" || code === "FST_FIELDS_LIMIT") {
    return new HttpError(413, DOCUMENT_ONE_FILE_ONLY);
  }
  if (code === "FST_INVALID_MULTIPART_CONTENT_TYPE") return new HttpError(415, NOT_MULTIPART);
  if (error instanceof Error && "statusCode" in error && Number(error.statusCode) < 500) {
    return new HttpError(400, NOT_MULTIPART);
  }
  if (error instanceof Error && /multipart|part header|boundary/i.test(error.message)) {
    return new HttpError(400, NOT_MULTIPART);
  }
  return error;
}

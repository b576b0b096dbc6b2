import multipart from "@fastify/multipart";
import { apiErrorSchema } from "@toolshop/shared/errors";
import {
  IMAGE_ONE_FILE_ONLY,
  IMAGE_REQUIRED,
  IMAGE_TOO_LARGE,
  MAX_UPLOAD_BYTES,
  UPLOAD_FIELD_NAME,
  uploadResponseSchema,
} from "@toolshop/shared/uploads";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { refuseUndeclaredOrLarger } from "../../lib/declared-size";
import { HttpError } from "../../lib/http-errors";
import { pruneUnreferencedUploads, storeProductImage } from "./service";
import type { ImageStore } from "./storage";

const PRUNE_EVERY_MS = 60 * 60 * 1000;
const SIZE_NOT_DECLARED = "Send the image with its size: the request must declare a Content-Length.";
const NOT_MULTIPART = `Send the image as multipart/form-data, in the field "${UPLOAD_FIELD_NAME}".`;

const uploadFormDocSchema = z
  .object({ [UPLOAD_FIELD_NAME]: z.string().meta({ format: "binary", description: "The picture file" }) })
  .nullish();

/**
 * POST /uploads (admin): one product image, decoded and stored as WebP (see service.ts). Also prunes,
 * every hour, the uploads that no product ended up using.
 */
export const uploadsRoutes: FastifyPluginAsyncZod<{ images: ImageStore }> = async (app, { images }) => {
  // Registered here, so multipart bodies are accepted by this route only.
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, parts: 11 },
  });

  app.post(
    "/uploads",
    {
      // A declared size over the limit is refused before anything is read or any token checked.
      onRequest: [
        refuseUndeclaredOrLarger(MAX_UPLOAD_BYTES, {
          notDeclared: SIZE_NOT_DECLARED,
          tooLarge: IMAGE_TOO_LARGE,
        }),
        app.requireAdmin,
      ],
      schema: {
        security: [{ bearerAuth: [] }],
        tags: ["uploads"],
        summary: "Upload a product image (admin)",
        description: `multipart/form-data with one file in the field "${UPLOAD_FIELD_NAME}", at most ${MAX_UPLOAD_BYTES} bytes. JPEG, PNG, WebP, GIF or AVIF; SVG and anything that does not decode as a picture are refused. Stored without metadata as WebP, scaled to fit inside 1200 px, at /uploads/<content hash>.webp.`,
        consumes: ["multipart/form-data"],
        // For the API docs only: a multipart body is read by the handler, not parsed into request.body.
        body: uploadFormDocSchema,
        response: {
          200: uploadResponseSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          413: apiErrorSchema,
          415: apiErrorSchema,
        },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw new HttpError(415, NOT_MULTIPART);
      const file = await readImageField(request);
      const url = await storeProductImage(images, file);
      return { success: true as const, data: { url } };
    },
  );

  app.jobs.runPeriodically({
    name: "prune-uploads",
    title: "pruning unused uploads",
    everyMs: PRUNE_EVERY_MS,
    run: async () => {
      const removed = await pruneUnreferencedUploads(app.db, images);
      if (removed.length > 0) app.log.info({ removed }, "removed uploads no product uses");
    },
  });
};

/** The bytes of the one file in the `image` field; the multipart plugin's errors become sentences. */
async function readImageField(request: FastifyRequest): Promise<Buffer> {
  try {
    for await (const part of request.parts()) {
      if (part.type !== "file") continue;
      if (part.fieldname !== UPLOAD_FIELD_NAME) {
        part.file.resume();
        continue;
      }
      // An empty file input sends a part with no name and no bytes.
      const bytes = await part.toBuffer();
      if (bytes.length === 0) throw new HttpError(400, IMAGE_REQUIRED);
      return bytes;
    }
  } catch (error) {
    throw multipartProblem(error);
  }
  throw new HttpError(400, IMAGE_REQUIRED);
}

function multipartProblem(error: unknown): unknown {
  if (error instanceof HttpError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (code === "FST_REQ_FILE_TOO_LARGE") return new HttpError(413, IMAGE_TOO_LARGE);
  if (code === "FST_FILES_LIMIT" || code === "FST_PARTS_LIMIT" || code === "FST_FIELDS_LIMIT") {
    return new HttpError(413, IMAGE_ONE_FILE_ONLY);
  }
  if (code === "FST_INVALID_MULTIPART_CONTENT_TYPE") return new HttpError(415, NOT_MULTIPART);
  // A malformed body (no boundary, cut short): the client's fault, said plainly.
  if (error instanceof Error && "statusCode" in error && Number(error.statusCode) < 500) {
    return new HttpError(400, NOT_MULTIPART);
  }
  // The multipart parser's own complaints about a broken body ("Unexpected end of multipart data",
  // "Malformed part header") carry no status code; they are the client's fault too, not a 500.
  if (error instanceof Error && /multipart|part header|boundary/i.test(error.message)) {
    return new HttpError(400, NOT_MULTIPART);
  }
  return error;
}

import type { FastifyPluginAsync } from "fastify";
import { checkedRedirect } from "../../lib/redirects";
import { STORED_NAME, UPLOADS_URL_PREFIX } from "./service";
import { IMAGE_CONTENT_TYPE, type ImageStore } from "./storage";

/** A stored name never changes its content (it is the content's hash). */
const IMMUTABLE = "public, max-age=31536000, immutable";

export interface UploadedImagesOptions {
  images: ImageStore;
  /** A CDN in front of the bucket (IMAGE_BASE_URL): the shop answers with a redirect there. */
  imageBaseUrl?: string | undefined;
}

/**
 * GET /uploads/<name>: the uploaded images, from whichever store holds them, so that a product's image
 * URL (`/uploads/<hash>.webp`, as stored in the database) stays the same whether the images are on the
 * local disk, in a bucket or behind a CDN. Anything else under /uploads/ is the site's 404.
 */
export const uploadedImagesRoutes: FastifyPluginAsync<UploadedImagesOptions> = async (
  app,
  { images, imageBaseUrl },
) => {
  // Every redirect stays under IMAGE_BASE_URL, whatever a name could spell.
  const imageBase = imageBaseUrl ? new URL(`${imageBaseUrl}/`) : undefined;
  app.get(`${UPLOADS_URL_PREFIX}:name`, { schema: { hide: true } }, async (request, reply) => {
    const { name } = request.params as { name: string };
    if (!STORED_NAME.test(name)) return reply.callNotFound();
    if (imageBase) {
      // Permanent and cacheable: a browser asks the shop once per image, then goes to the CDN.
      const location = checkedRedirect(`${imageBaseUrl}/${name}`, imageBase);
      return reply.header("cache-control", IMMUTABLE).redirect(location, 301);
    }
    const image = await images.read(name);
    if (!image) return reply.callNotFound();
    reply.header("content-type", IMAGE_CONTENT_TYPE).header("cache-control", IMMUTABLE);
    if (image.length !== undefined) reply.header("content-length", image.length);
    return reply.send(image.body);
  });
};

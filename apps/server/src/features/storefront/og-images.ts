// Link previews of the bundled SVG pictures: most networks show none for an SVG og:image, so the
// page names a PNG rendition instead, made by sharp on first demand and kept (docs/decisions/0040).
// Uploads are WebP already, which the networks that matter read: their URL stays as it is.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { FastifyPluginAsync } from "fastify";
import { type CachedBody, cachedBody, matchesEtag } from "../../lib/cached-body";

const OG_PREFIX = "/og";
/** A bundled picture's path without its extension: /images/… in the web build. */
const BUNDLED_SVG = /^\/images\/(?:[\w-]+\/)*[\w-]+\.svg$/;
const RENDITION = /^\/og(\/images\/(?:[\w-]+\/)*[\w-]+)\.png$/;
/**
 * For pictures whose name a deploy may give other content (the build's images/, not content-hashed,
 * and their renditions): kept a month, then revalidated by ETag, never marked immutable.
 */
export const LONG_REVALIDATED = "public, max-age=2592000";
/** The size the big networks' large previews use (1.91:1). */
const WIDTH = 1200;
const HEIGHT = 630;

/** The URL path of the picture a link preview shows for `image`. */
export function ogImagePath(image: string): string {
  return BUNDLED_SVG.test(image) ? `${OG_PREFIX}${image.slice(0, -".svg".length)}.png` : image;
}

export interface OgImagesOptions {
  /** The web build, whose images/ folder holds the SVGs. */
  webDistDir: string;
}

/**
 * GET /og/images/….png: the SVG at /images/….svg as a 1200x630 PNG on a white ground. The
 * renditions are kept in memory: there are as many as the build has SVGs (a dozen), and a name
 * without its SVG is a 404, never kept.
 */
export const ogImagesRoutes: FastifyPluginAsync<OgImagesOptions> = async (app, { webDistDir }) => {
  const renditions = new Map<string, Promise<CachedBody | undefined>>();
  app.get(`${OG_PREFIX}/images/*`, { schema: { hide: true } }, async (request, reply) => {
    const path = request.url.split("?")[0] ?? "";
    const svg = RENDITION.exec(path)?.[1];
    if (!svg) return reply.callNotFound();
    let png = renditions.get(svg);
    if (!png) {
      png = render(join(webDistDir, `${svg}.svg`));
      renditions.set(svg, png);
    }
    const image = await png;
    if (!image) {
      renditions.delete(svg);
      return reply.callNotFound();
    }
    reply.header("cache-control", LONG_REVALIDATED).header("etag", image.etag);
    if (matchesEtag(request.headers["if-none-match"], image.etag)) return reply.code(304).send();
    return reply.type(image.type).send(image.body);
  });
};

async function render(file: string): Promise<CachedBody | undefined> {
  const svg = await readFile(file).catch(() => undefined);
  if (!svg) return undefined;
  // sharp (libvips) is loaded on the first preview, not when the server starts (as uploads do).
  const sharp = (await import("sharp")).default;
  const png = await sharp(svg, { density: 192 })
    .resize(WIDTH, HEIGHT, { fit: "contain", background: "#ffffff" })
    .flatten({ background: "#ffffff" })
    .png()
    .toBuffer();
  return cachedBody(png, "image/png");
}

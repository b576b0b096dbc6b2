import { existsSync } from "node:fs";
import { join, sep } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { errorBody } from "../lib/http-errors";

const IMMUTABLE = "public, max-age=31536000, immutable";
/**
 * The web build pre-renders the home page into index.html (apps/web/vite-plugins/prerender-home.ts)
 * and keeps the page with an empty root as app-shell.html, for every other client route.
 */
const APP_SHELL_FILE = "app-shell.html";
const NOT_BUILT_MESSAGE =
  "The web app has not been built yet. Run `npm run build` (or `npm start`) in the project folder, then reload this page.";

export interface WebAppOptions {
  /** The Vite build (index.html, assets/...). When it has no index.html, pages answer 503. */
  webDistDir: string;
}

/**
 * Serves the built SPA (features/uploads/serve-routes.ts serves the uploads), and answers everything no route matched: a JSON 404 under
 * /api, the app shell for client-side routes (`/` is index.html, pre-rendered), a 404 for missing files.
 */
export async function registerWebApp(app: FastifyInstance, options: WebAppOptions): Promise<void> {
  const { webDistDir } = options;
  const built = existsSync(join(webDistDir, "index.html"));
  // A build without the pre-render has index.html only, and it serves every page.
  const shellFile = existsSync(join(webDistDir, APP_SHELL_FILE)) ? APP_SHELL_FILE : "index.html";
  const hashedAssets = join(webDistDir, "assets") + sep;

  if (built) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      prefix: "/",
      cacheControl: false,
      dotfiles: "ignore",
      preCompressed: true,
      setHeaders: (reply, path) => {
        // Vite puts content-hashed files under assets/; everything else may change with a deploy.
        if (path.startsWith(hashedAssets)) reply.header("cache-control", IMMUTABLE);
        else if (path.endsWith(".html")) reply.header("cache-control", "no-cache");
        else reply.header("cache-control", "public, max-age=3600");
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    if (isClientRoute(request)) {
      if (!built) {
        return reply
          .code(503)
          .header("cache-control", "no-store")
          .type("text/plain; charset=utf-8")
          .send(NOT_BUILT_MESSAGE);
      }
      return reply.header("cache-control", "no-cache").sendFile(shellFile);
    }
    const what = isApiPath(pathOf(request)) ? "API route" : "file";
    return reply
      .code(404)
      .send(errorBody(404, `There is no ${what} at ${request.method} ${pathOf(request)}.`));
  });
}

/** A page the SPA's router handles: a GET outside /api and /uploads whose last segment has no extension. */
function isClientRoute(request: FastifyRequest): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  const path = pathOf(request);
  if (isApiPath(path) || path.startsWith("/uploads/")) return false;
  const lastSegment = path.slice(path.lastIndexOf("/") + 1);
  return !lastSegment.includes(".");
}

function isApiPath(path: string): boolean {
  return path === "/api" || path.startsWith("/api/");
}

function pathOf(request: FastifyRequest): string {
  return request.url.split("?")[0] ?? "/";
}

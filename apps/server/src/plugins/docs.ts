import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import { checkedRedirect, siteBase } from "../lib/redirects";

export const DOCS_PREFIX = "/api/docs";

/** The OpenAPI document (from the routes' zod schemas) and its UI at /api/docs. Register before routes. */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: "Toolshop API",
        description: "The shop's JSON API. Errors answer {statusCode, error, message}.",
        version: "1.0.0",
      },
      components: {
        // Routes guarded by requireUser/requireAdmin declare `security: [{ bearerAuth: [] }]`.
        securitySchemes: { bearerAuth: { type: "http", scheme: "bearer", bearerFormat: "JWT" } },
      },
    },
    // Only the API routes carry tags; static files and the SPA fallback stay out of the document.
    hideUntagged: true,
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    uiConfig: { validatorUrl: null },
    uiHooks: {
      // Its own redirect from static/index.html to the UI is built from the raw request target, which
      // in a proxy's absolute form ("GET http://evil.example/api/docs/static/index.html") names
      // another host: answered here instead, through the check of every redirect (lib/redirects.ts).
      onRequest: async (request, reply) => {
        if (request.routeOptions.url !== `${DOCS_PREFIX}/static/index.html`) return;
        return reply.redirect(checkedRedirect(`${DOCS_PREFIX}/`, siteBase(app.config.publicUrl)));
      },
    },
    // Its own, looser policy, on the docs routes only: Swagger UI styles elements inline and
    // embeds data: fonts and images.
    staticCSP: {
      "default-src": "'self'",
      "script-src": "'self'",
      "style-src": ["'self'", "'unsafe-inline'"],
      "img-src": ["'self'", "data:"],
      "font-src": ["'self'", "data:"],
      "connect-src": "'self'",
      "frame-ancestors": "'none'",
      "object-src": "'none'",
      "base-uri": "'self'",
      "form-action": "'self'",
    },
  });
}

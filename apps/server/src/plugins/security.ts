import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import type { PaymentGatewayKind } from "@toolshop/shared/payments";
import type { FastifyInstance } from "fastify";
import helmet, { type HelmetOptions } from "helmet";

/** Where Stripe.js comes from, and the frames and API calls its card element makes. */
export const STRIPE_JS_ORIGIN = "https://js.stripe.com";
export const STRIPE_API_ORIGIN = "https://api.stripe.com";
/** 3D Secure challenges open in a frame from here. */
export const STRIPE_HOOKS_ORIGIN = "https://hooks.stripe.com";

export interface SecurityHeadersOptions {
  /** The configured payment gateway: only Stripe's needs its script, frames and API allowed. */
  paymentGateway: PaymentGatewayKind;
  /** The origin of IMAGE_BASE_URL, where /uploads/<name> redirects: pictures may load from there. */
  imageOrigin?: string | undefined;
}

/**
 * Security headers on every answer, Cache-Control: no-store by default. The CSP allows no inline script.
 * Inline styles are allowed because the pre-rendered pages carry React's `style` props as style
 * attributes (the spec's spinner size and colour), which the browser would drop without it; the
 * stylesheets themselves, react-toastify's included, are files. With the Stripe gateway (and only then),
 * Stripe.js may load from js.stripe.com, frame its card element from there and call api.stripe.com.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  { paymentGateway, imageOrigin }: SecurityHeadersOptions,
): void {
  // no-store unless a route says otherwise: answers with tokens or personal data (every /api and
  // /api/auth answer, whatever the path's spelling) must not be kept by a browser or a shared cache.
  // Public answers opt into their own caching by setting the header: the catalogue and reviews
  // (catalogue-cache.ts: no-cache + ETag), the web app's files (web-app.ts) and uploads (immutable).
  const headers = Object.freeze({
    ...helmetHeaders(helmetOptions(paymentGateway === "stripe", imageOrigin)),
    "cache-control": "no-store",
  });
  // Set on the reply, not on the raw response: Fastify then writes them with its own headers in one
  // writeHead, where headers set on the raw response would each be validated and stored twice.
  // Errors and 404s keep them too (Fastify's error path keeps the reply's headers).
  app.addHook("onRequest", (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

function helmetOptions(stripe: boolean, imageOrigin: string | undefined): Readonly<HelmetOptions> {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(stripe ? [STRIPE_JS_ORIGIN] : [])],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:", ...(imageOrigin ? [imageOrigin] : [])],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'", ...(stripe ? [STRIPE_API_ORIGIN] : [])],
        ...(stripe ? { frameSrc: [STRIPE_JS_ORIGIN, STRIPE_HOOKS_ORIGIN] } : {}),
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    frameguard: { action: "deny" },
    // Keeps the link to the sign-in popup window that the social providers open.
    crossOriginOpenerPolicy: { policy: "same-origin-allow-popups" },
  };
}

/**
 * The headers helmet sets, computed once: with these options (no per-request nonce or function) they
 * are the same for every request, and running helmet for each one cost the cached catalogue about a
 * sixth of the server's time per request (docs/decisions/0005-read-path-per-request-work.md). Helmet's
 * middlewares only set and remove headers, so it runs once against a recorder of those two calls.
 */
function helmetHeaders(options: Readonly<HelmetOptions>): OutgoingHttpHeaders {
  const headers: OutgoingHttpHeaders = {};
  const recorder = {
    setHeader(name: string, value: string) {
      headers[name.toLowerCase()] = value;
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let outcome: { error?: unknown } | undefined;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    outcome = { error };
  });
  if (!outcome) throw new Error("helmet did not set its headers synchronously");
  if (outcome.error) throw outcome.error;
  return Object.freeze(headers);
}

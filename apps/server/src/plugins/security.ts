import type { PaymentGatewayKind } from "@toolshop/shared/payments";
import type { FastifyInstance } from "fastify";
import helmet from "helmet";

/** Where Stripe.js comes from, and the frames and API calls its card element makes. */
export const STRIPE_JS_ORIGIN = "https://js.stripe.com";
export const STRIPE_API_ORIGIN = "https://api.stripe.com";
/** 3D Secure challenges open in a frame from here. */
export const STRIPE_HOOKS_ORIGIN = "https://hooks.stripe.com";

export interface SecurityHeadersOptions {
  /** The configured payment gateway: only Stripe's needs its script, frames and API allowed. */
  paymentGateway: PaymentGatewayKind;
}

/**
 * Security headers on every answer. The CSP allows no inline script; inline styles are allowed
 * because react-toastify injects a style element. With the Stripe gateway (and only then), Stripe.js
 * may load from js.stripe.com, frame its card element from there and call api.stripe.com.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  { paymentGateway }: SecurityHeadersOptions,
): Promise<void> {
  const stripe = paymentGateway === "stripe";
  // Built once and run as one synchronous hook: @fastify/helmet builds the middleware again for every
  // request, which cost the cached catalogue about a third of its throughput (bench/results/latest.md).
  const setSecurityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(stripe ? [STRIPE_JS_ORIGIN] : [])],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
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
  });
  app.addHook("onRequest", (request, reply, done) =>
    setSecurityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)),
  );
}

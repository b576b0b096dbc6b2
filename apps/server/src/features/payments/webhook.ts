import { processedWebhookEvents } from "@toolshop/db/schema";
import { apiErrorSchema } from "@toolshop/shared/errors";
import { eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type Stripe from "stripe";
import { z } from "zod";
import { HttpError } from "../../lib/http-errors";
import type { PaymentSucceededHandler } from "./gateway";
import { fromStripeIntent, loadStripe } from "./stripe-gateway";

export interface StripeWebhookOptions {
  /** STRIPE_WEBHOOK_SECRET (whsec_…) when the Stripe gateway is in use; otherwise the route answers 404. */
  webhookSecret: string | undefined;
  onPaymentSucceeded: PaymentSucceededHandler;
}

const STRIPE_EVENT_BODY_LIMIT = 1024 * 1024;

/**
 * POST /webhooks/stripe: Stripe's report of a payment, the source of truth for the Stripe gateway
 * (the browser's PATCH is the fast path). The signature covers the exact bytes Stripe sent, so this
 * plugin keeps JSON bodies raw; each event is handled once, however often Stripe delivers it.
 */
export const stripeWebhookRoutes: FastifyPluginAsyncZod<StripeWebhookOptions> = async (app, options) => {
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    "/webhooks/stripe",
    {
      // Public, but only a signed event is parsed, and Stripe's events run to tens of KB: Fastify's
      // default instead of plugins/request-bodies.ts's small limit for routes without a sign-in.
      bodyLimit: STRIPE_EVENT_BODY_LIMIT,
      schema: {
        tags: ["payments"],
        summary: "Stripe's payment events (signed); payment_intent.succeeded marks the order paid",
        response: { 200: z.object({ received: z.literal(true) }), 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      if (!options.webhookSecret) throw new HttpError(404, "Stripe webhooks are not configured.");
      const signature = request.headers["stripe-signature"];
      if (typeof signature !== "string" || !(request.body instanceof Buffer)) {
        throw new HttpError(400, "A signed Stripe event is required.");
      }
      // Outside the try: an SDK that cannot load is the server's fault, not a bad signature.
      const stripeSdk = await loadStripe();
      let event: Stripe.Event;
      try {
        event = stripeSdk.webhooks.constructEvent(request.body, signature, options.webhookSecret);
      } catch {
        request.log.warn("a Stripe webhook with a bad signature was refused");
        throw new HttpError(400, "The Stripe signature is not valid.");
      }

      const [seen] = await app.db
        .select({ id: processedWebhookEvents.id })
        .from(processedWebhookEvents)
        .where(eq(processedWebhookEvents.id, event.id));
      if (seen) return { received: true as const };

      if (event.type === "payment_intent.succeeded") {
        // Handling is idempotent, so a delivery that races this one changes nothing more.
        const outcome = await options.onPaymentSucceeded(fromStripeIntent(event.data.object));
        // "refunded": paid for an order that had been cancelled meanwhile, and given back (decision 0034).
        const expected = outcome === "marked-paid" || outcome === "already-paid";
        const log = expected
          ? request.log.info
          : outcome === "refunded"
            ? request.log.warn
            : request.log.error;
        log.call(
          request.log,
          { eventId: event.id, paymentId: event.data.object.id, outcome },
          "Stripe payment",
        );
      }
      // Recorded only once handled: a failure above makes Stripe deliver the event again.
      await app.db
        .insert(processedWebhookEvents)
        .values({ id: event.id, type: event.type })
        .onConflictDoNothing();
      return { received: true as const };
    },
  );
};

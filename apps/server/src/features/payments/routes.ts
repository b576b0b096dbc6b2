import { apiErrorSchema } from "@toolshop/shared/errors";
import {
  paymentConfigSchema,
  testGatewayConfirmBodySchema,
  testGatewayConfirmResponseSchema,
} from "@toolshop/shared/payments";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { HttpError } from "../../lib/http-errors";
import type { PaymentGateway, PaymentSucceededHandler } from "./gateway";
import { TestPaymentGateway, type TestPaymentSettler } from "./test-gateway";

export interface PaymentsRoutesOptions {
  gateway: PaymentGateway;
  onPaymentSucceeded: PaymentSucceededHandler;
  /** The test gateway's card payments settle their order in the same statement (the orders feature's). */
  settleTestPayment: TestPaymentSettler;
}

export const paymentsRoutes: FastifyPluginAsyncZod<PaymentsRoutesOptions> = async (app, options) => {
  const { gateway } = options;

  app.get(
    "/payment-config",
    {
      schema: {
        tags: ["payments"],
        summary:
          "Which card form the payment screen shows: the test gateway or Stripe (with its publishable key)",
        response: { 200: paymentConfigSchema },
      },
    },
    () => ({ gateway: gateway.kind, publishableKey: gateway.publishableKey, currency: app.config.currency }),
  );

  app.post(
    "/test-gateway/confirm",
    {
      onRequest: app.requireUser,
      schema: {
        security: [{ bearerAuth: [] }],
        tags: ["payments"],
        summary:
          "Pay with a card on the built-in test gateway (PAYMENT_GATEWAY=test); answers like Stripe.js",
        description:
          "Stripe's test cards: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined, 4000 0000 0000 9995 has insufficient funds, 4000 0000 0000 0069 is expired.",
        body: testGatewayConfirmBodySchema,
        response: {
          200: testGatewayConfirmResponseSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request) => {
      if (!(gateway instanceof TestPaymentGateway)) {
        throw new HttpError(404, "The test payment gateway is not in use.");
      }
      const result = await gateway.confirmCard(request.body.clientSecret, request.body.card, {
        settle: options.settleTestPayment,
      });
      if ("unknownSecret" in result) throw new HttpError(404, "There is no payment with this client secret.");
      if (!result.ok) return { error: { message: result.message } };

      // As Stripe would send its webhook: the order is paid even if the browser never reports it. A
      // payment settled with its order has done so already; one paid before is reported again.
      const outcome = result.outcome ?? (await options.onPaymentSucceeded(result.intent));
      if (outcome === "refunded") {
        request.log.warn(
          { paymentId: result.intent.id },
          "a test payment for a cancelled order was refunded",
        );
      } else if (outcome !== "marked-paid" && outcome !== "already-paid") {
        request.log.error({ paymentId: result.intent.id, outcome }, "a test payment did not pay its order");
      }
      return { paymentIntent: { id: result.intent.id, status: "succeeded" as const } };
    },
  );
};

import type { Database } from "@toolshop/db/client";
import type { AppConfig } from "../../env";
import type { PaymentGateway } from "./gateway";
import { createStripeClient, loadStripe, StripePaymentGateway } from "./stripe-gateway";
import { TestPaymentGateway } from "./test-gateway";

/** The gateway PAYMENT_GATEWAY chooses; env.ts has already made sure Stripe's keys are set for stripe. */
export async function createPaymentGateway(config: AppConfig, db: Database): Promise<PaymentGateway> {
  const { gateway, stripe } = config.payments;
  if (gateway === "stripe") {
    if (!stripe.secretKey || !stripe.publishableKey) {
      throw new Error("PAYMENT_GATEWAY=stripe needs STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY.");
    }
    return new StripePaymentGateway(
      createStripeClient(await loadStripe(), { secretKey: stripe.secretKey }),
      stripe.publishableKey,
    );
  }
  return new TestPaymentGateway(db, config.authSecret);
}

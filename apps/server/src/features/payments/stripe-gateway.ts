import type Stripe from "stripe";
import { HttpError } from "../../lib/http-errors";
import {
  type CreateIntentInput,
  type GatewayPaymentIntent,
  NOT_REFUNDABLE,
  type PaymentGateway,
  type PaymentIntentStatus,
  REFUND_BEYOND_PAYMENT,
  REFUND_KEY_TAKEN,
  RefundRefusedError,
} from "./gateway";

const KNOWN_STATUSES: readonly PaymentIntentStatus[] = [
  "requires_payment_method",
  "requires_confirmation",
  "requires_action",
  "processing",
  "requires_capture",
  "canceled",
  "succeeded",
];

export interface StripeClientOptions {
  secretKey: string;
  /** Tests pass Stripe.createFetchHttpClient(fakeFetch): Stripe's servers are never called from tests. */
  httpClient?: Stripe.HttpClient | undefined;
}

/**
 * Stripe's SDK, loaded when the Stripe gateway is chosen: some 16 MB of memory that a shop on the test
 * gateway never uses.
 */
export async function loadStripe(): Promise<typeof Stripe> {
  return (await import("stripe")).default;
}

export function createStripeClient(StripeSdk: typeof Stripe, options: StripeClientOptions): Stripe {
  return new StripeSdk(options.secretKey, {
    httpClient: options.httpClient,
    maxNetworkRetries: 2,
    timeout: 20_000,
  });
}

/** PAYMENT_GATEWAY=stripe: PaymentIntents for the card element of Stripe.js. */
export class StripePaymentGateway implements PaymentGateway {
  readonly kind = "stripe" as const;

  constructor(
    private readonly stripe: Stripe,
    readonly publishableKey: string,
  ) {}

  async createIntent(input: CreateIntentInput): Promise<GatewayPaymentIntent> {
    const intent = await this.stripe.paymentIntents.create(
      {
        amount: input.amountCents,
        currency: input.currency,
        allowed_payment_method_types: ["card"],
        description: input.description,
        metadata: { orderId: input.orderId },
      },
      { idempotencyKey: input.idempotencyKey },
    );
    return fromStripeIntent(intent);
  }

  async retrieve(id: string): Promise<GatewayPaymentIntent | undefined> {
    try {
      return fromStripeIntent(await this.stripe.paymentIntents.retrieve(id));
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async refund(id: string, idempotencyKey: string, amountCents?: number, purpose?: string): Promise<void> {
    try {
      const amount = amountCents === undefined ? {} : { amount: amountCents };
      const metadata = purpose === undefined ? {} : { metadata: { refunding: purpose } };
      await this.stripe.refunds.create({ payment_intent: id, ...amount, ...metadata }, { idempotencyKey });
    } catch (error) {
      // The key was first used for another refund (another purpose or amount): nothing was paid now.
      if (error instanceof Error && (error as { type?: unknown }).type === "StripeIdempotencyError") {
        throw new HttpError(409, REFUND_KEY_TAKEN);
      }
      // No such intent, or one that never succeeded (Stripe: nothing to refund).
      const code = stripeErrorCode(error);
      const unrefundable = code === "payment_intent_unexpected_state" || code === "charge_not_refundable";
      if (isMissing(error) || unrefundable) throw new RefundRefusedError(NOT_REFUNDABLE);
      // More than is left of the charge: Stripe refunds nothing.
      if (code === "charge_already_refunded" || code === "amount_too_large") {
        throw new RefundRefusedError(REFUND_BEYOND_PAYMENT);
      }
      throw error;
    }
  }

  async cancel(id: string): Promise<GatewayPaymentIntent | undefined> {
    try {
      return fromStripeIntent(await this.stripe.paymentIntents.cancel(id));
    } catch (error) {
      if (isMissing(error)) return undefined;
      // Already succeeded (or already cancelled): Stripe refuses; answer the intent as it is.
      if (stripeErrorCode(error) === "payment_intent_unexpected_state") {
        return this.retrieve(id);
      }
      throw error;
    }
  }
}

/** Stripe's payment intent in the gateway's terms; the webhook uses it for the event's object. */
export function fromStripeIntent(intent: Stripe.PaymentIntent): GatewayPaymentIntent {
  const status = KNOWN_STATUSES.find((known) => known === intent.status) ?? "requires_action";
  return {
    id: intent.id,
    status,
    amountCents: intent.amount,
    currency: intent.currency.toLowerCase(),
    orderId: intent.metadata?.orderId ?? null,
    clientSecret: intent.client_secret ?? "",
  };
}

function isMissing(error: unknown): boolean {
  return stripeErrorCode(error) === "resource_missing";
}

/**
 * The code of an error the Stripe SDK threw (its error classes' `type` names start with "Stripe"),
 * else undefined. Told by shape, since the SDK's classes are only loaded with the Stripe gateway.
 */
function stripeErrorCode(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  const { type, code } = error as { type?: unknown; code?: unknown };
  return typeof type === "string" && type.startsWith("Stripe") && typeof code === "string" ? code : undefined;
}

import type { PaymentGatewayKind } from "@toolshop/shared/payments";
import { HttpError } from "../../lib/http-errors";

// The payment gateway seam of docs/architecture.md section 7: the built-in test gateway or Stripe. Both speak in
// Stripe's terms (payment intents, client secrets, pi_ ids) so that orders need not know which is used.

export type PaymentIntentStatus =
  | "requires_payment_method"
  | "requires_confirmation"
  | "requires_action"
  | "processing"
  | "requires_capture"
  | "canceled"
  | "succeeded";

/** A payment intent as the gateway knows it. */
export interface GatewayPaymentIntent {
  /** pi_…: also the order's transaction id once paid. */
  id: string;
  status: PaymentIntentStatus;
  amountCents: number;
  /** Lower-case ISO 4217 code. */
  currency: string;
  /** The order it was created for (Stripe: metadata.orderId); null when the gateway has none. */
  orderId: string | null;
  /** What the browser needs to confirm the payment; never logged. */
  clientSecret: string;
}

export interface CreateIntentInput {
  orderId: string;
  amountCents: number;
  currency: string;
  /** Same key, same intent: concurrent requests for one order never create two payments. */
  idempotencyKey: string;
  /** Shown in the gateway's dashboard. */
  description: string;
}

export interface PaymentGateway {
  readonly kind: PaymentGatewayKind;
  /** Stripe's publishable key for Stripe.js; null for the test gateway. */
  readonly publishableKey: string | null;
  createIntent(input: CreateIntentInput): Promise<GatewayPaymentIntent>;
  /** The intent with this id, or undefined when the gateway has none (a made-up id). */
  retrieve(id: string): Promise<GatewayPaymentIntent | undefined>;
  /**
   * Cancels the intent unless it has already succeeded, so that it can no longer be paid. Answers the
   * intent afterwards (a succeeded one stays succeeded), or undefined when there is none.
   */
  cancel(id: string): Promise<GatewayPaymentIntent | undefined>;
  /**
   * Refunds a succeeded intent: what is left of it, or `amountCents` of it (an admin refunding chosen
   * lines of an order). The idempotency key (the shop's refund record, orders/refunds.ts) makes a retry
   * answer the first refund again instead of paying out twice. An intent that did not succeed, or an
   * amount beyond what is left, is refused with a RefundRefusedError (nothing was paid out). `purpose`
   * says what is refunded (sent with the refund): the key used again with other parameters is refused
   * with an HttpError 409 (REFUND_KEY_TAKEN), as Stripe refuses a key reused with other parameters.
   */
  refund(id: string, idempotencyKey: string, amountCents?: number, purpose?: string): Promise<void>;
}

export const NOT_REFUNDABLE = "This payment cannot be refunded: the gateway has no succeeded payment for it.";
export const REFUND_BEYOND_PAYMENT =
  "This refund is more than is left of the payment: the gateway refunded nothing.";
export const REFUND_KEY_TAKEN =
  "Another refund of this order was made meanwhile. Please reload it and refund again if need be.";

/**
 * The gateway's final no to a refund: nothing was paid out, and asking again with the same key gets
 * the same answer, so the shop's pending refund record can be closed as refused.
 */
export class RefundRefusedError extends HttpError {
  constructor(message: typeof NOT_REFUNDABLE | typeof REFUND_BEYOND_PAYMENT) {
    super(409, message);
    this.name = "RefundRefusedError";
  }
}

/** Intents that can still be confirmed by the browser. */
export function isOpenIntent(intent: GatewayPaymentIntent): boolean {
  return intent.status !== "canceled" && intent.status !== "succeeded";
}

/**
 * Told when the gateway itself reports a succeeded payment (Stripe's webhook, the test gateway's card
 * confirmation); answers a short outcome for the log, e.g. "marked-paid", or "refunded" for a payment
 * that came after its order was cancelled. The orders feature provides it.
 */
export type PaymentSucceededHandler = (intent: GatewayPaymentIntent) => Promise<string>;

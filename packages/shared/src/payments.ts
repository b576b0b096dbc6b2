import { z } from "zod";

// Payments (docs/architecture.md section 7): the built-in test gateway or Stripe.

export const paymentGatewayKindSchema = z.enum(["test", "stripe"]);
export type PaymentGatewayKind = z.infer<typeof paymentGatewayKindSchema>;

/** The label the payment screen shows while the built-in test gateway is in use. */
export const TEST_MODE_LABEL = "Test mode";
export const PAYMENT_SUCCESS_MESSAGE = "Congrats! Your payment is completed.";

/** GET /api/payment-config: which card form the payment screen shows. */
export const paymentConfigSchema = z.object({
  gateway: paymentGatewayKindSchema,
  /** Stripe's publishable key (pk_…) for Stripe.js; null for the test gateway. */
  publishableKey: z.string().nullable(),
  /** Lower-case ISO 4217 code, e.g. "usd". */
  currency: z.string(),
});
export type PaymentConfig = z.infer<typeof paymentConfigSchema>;

/** A payment id as both gateways write it: pi_ followed by letters, digits and underscores. */
export const PAYMENT_ID_PATTERN = /^pi_[A-Za-z0-9_]{1,250}$/;

/** POST /api/create-payment-intent: the amount comes from the order in the database, never the client. */
export const createPaymentIntentBodySchema = z.object({
  orderId: z.uuid({ error: "The order id must be a UUID" }),
});
export const createPaymentIntentResponseSchema = z.object({ clientSecret: z.string() });
export type CreatePaymentIntentResponse = z.infer<typeof createPaymentIntentResponseSchema>;

/** PATCH /api/orders/:id after a successful card payment. */
export const confirmOrderPaymentBodySchema = z.object({
  transactionId: z
    .string({ error: "transactionId is required" })
    .trim()
    .regex(PAYMENT_ID_PATTERN, "transactionId must be a payment id (pi_…)"),
});

// ---- The built-in test gateway's card confirmation (POST /api/test-gateway/confirm), shaped like
// Stripe.js's confirmCardPayment result so that the payment screen handles both gateways alike.

export const testCardSchema = z.object({
  /** Spaces and dashes are allowed, as typed. */
  number: z.string().max(40),
  expMonth: z.number().int(),
  /** Two or four digits. */
  expYear: z.number().int(),
  cvc: z.string().max(10),
});
export type TestCard = z.infer<typeof testCardSchema>;

export const testGatewayConfirmBodySchema = z.object({
  clientSecret: z.string().min(1, "clientSecret is required").max(300),
  card: testCardSchema,
  billing: z
    .object({ name: z.string().max(200).optional(), email: z.string().max(320).optional() })
    .optional(),
});
export type TestGatewayConfirmBody = z.infer<typeof testGatewayConfirmBodySchema>;

export const testGatewayConfirmResponseSchema = z.union([
  z.object({ paymentIntent: z.object({ id: z.string(), status: z.literal("succeeded") }) }),
  z.object({ error: z.object({ message: z.string() }) }),
]);
export type TestGatewayConfirmResponse = z.infer<typeof testGatewayConfirmResponseSchema>;

/** Stripe's wording for card problems, so both gateways show the same red text. */
export const CARD_ERRORS = {
  incompleteNumber: "Your card number is incomplete.",
  invalidNumber: "Your card number is invalid.",
  incompleteExpiry: "Your card's expiration date is incomplete.",
  invalidExpiryMonth: "Your card's expiration month is invalid.",
  expiryInPast: "Your card's expiration date is in the past.",
  incompleteCvc: "Your card's security code is incomplete.",
  declined: "Your card was declined.",
  insufficientFunds: "Your card has insufficient funds.",
  expiredCard: "Your card has expired.",
  incorrectCvc: "Your card's security code is incorrect.",
  processingError: "An error occurred while processing your card. Try again in a little bit.",
  notATestCard:
    "Your card was declined. Your request was in test mode, but used a non test card. Use a test card such as 4242 4242 4242 4242.",
} as const;

/** The card number's digits, without spaces or dashes. */
export function cardDigits(number: string): string {
  return number.replace(/[\s-]/g, "");
}

function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/**
 * What is wrong with a typed card before it is sent anywhere (number, expiry, CVC), in Stripe's words,
 * or null. Used by the test card form for instant feedback and by the test gateway itself.
 */
export function cardInputProblem(card: TestCard, now: Date = new Date()): string | null {
  const digits = cardDigits(card.number);
  if (!/^\d*$/.test(digits)) return CARD_ERRORS.invalidNumber;
  if (digits.length < 13) return CARD_ERRORS.incompleteNumber;
  if (digits.length > 19 || !passesLuhn(digits)) return CARD_ERRORS.invalidNumber;
  if (!Number.isInteger(card.expMonth) || !Number.isInteger(card.expYear) || card.expYear < 0) {
    return CARD_ERRORS.incompleteExpiry;
  }
  if (card.expMonth < 1 || card.expMonth > 12) return CARD_ERRORS.invalidExpiryMonth;
  const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
  if (year * 12 + (card.expMonth - 1) < thisMonth) return CARD_ERRORS.expiryInPast;
  if (!/^\d{3,4}$/.test(card.cvc.trim())) return CARD_ERRORS.incompleteCvc;
  return null;
}

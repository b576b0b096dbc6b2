/** What the payment screen gives either card form (the built-in test one, or Stripe's). */
export interface CardFormProps {
  /** The open payment's secret; null while it is being fetched, and Pay stays disabled until then. */
  clientSecret: string | null;
  billing: { name: string; email: string };
  /**
   * Called with the payment id once the gateway has confirmed the card payment: records it on the
   * order. A rejection's message is shown in red.
   */
  onConfirmed: (paymentIntentId: string) => Promise<void>;
}

export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

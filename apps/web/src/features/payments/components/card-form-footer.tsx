/** The id of the card forms' error line, for the card inputs' aria-describedby. */
export const CARD_ERROR_ID = "card-error";

interface CardFormFooterProps {
  /** The card's or the payment's problem, read out as it appears. */
  error: string | null;
  paying: boolean;
  disabled: boolean;
}

/** The end of both card forms (test gateway and Stripe): the error line and the Pay button. */
export function CardFormFooter({ error, paying, disabled }: CardFormFooterProps) {
  return (
    <>
      <p id={CARD_ERROR_ID} role="alert" className="min-h-6 font-medium text-error">
        {error}
      </p>
      <button type="submit" className="btn btn-primary sm:self-start" disabled={disabled}>
        {paying ? "Paying…" : "Pay"}
      </button>
    </>
  );
}

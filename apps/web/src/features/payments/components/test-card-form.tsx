import { cardInputProblem, TEST_MODE_LABEL } from "@toolshop/shared/payments";
import { type FormEvent, useState } from "react";
import { confirmTestCardPayment } from "../api/payments-api";
import { type CardFormProps, errorMessage } from "../card-form-props";
import { type CardField, type TypedCard, toTestCard, visibleCardProblem } from "../test-card-input";
import { CARD_ERROR_ID, CardFormFooter } from "./card-form-footer";

/** The three inputs, in order; each one's id is `card-<field>`. */
const CARD_INPUTS: readonly {
  field: CardField;
  label: string;
  autoComplete: string;
  placeholder: string;
  maxLength: number;
}[] = [
  {
    field: "number",
    label: "Card number",
    autoComplete: "cc-number",
    placeholder: "1234 1234 1234 1234",
    maxLength: 23,
  },
  { field: "expiry", label: "Expiry (MM/YY)", autoComplete: "cc-exp", placeholder: "MM/YY", maxLength: 7 },
  { field: "cvc", label: "CVC", autoComplete: "cc-csc", placeholder: "123", maxLength: 4 },
];

/**
 * The built-in test gateway's card form (number, MM/YY, CVC), clearly labelled "Test mode". Card numbers
 * behave like Stripe's test cards; the red text uses Stripe's wording for both typing mistakes and the
 * gateway's answer.
 */
export function TestCardForm({ clientSecret, billing, onConfirmed }: CardFormProps) {
  const [card, setCard] = useState<TypedCard>({ number: "", expiry: "", cvc: "" });
  const [left, setLeft] = useState<ReadonlySet<CardField>>(new Set());
  const [attempted, setAttempted] = useState(false);
  const [paymentError, setPaymentError] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);

  const problem = visibleCardProblem(card, left, attempted);
  const shownError = paymentError ?? problem?.message ?? null;

  const change = (field: CardField) => (event: { target: { value: string } }) => {
    setCard((current) => ({ ...current, [field]: event.target.value }));
    // A new card, a new try: the gateway's last answer no longer applies.
    setPaymentError(null);
  };
  const leave = (field: CardField) => () => setLeft((current) => new Set(current).add(field));

  const pay = async (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (!clientSecret || paying) return;
    if (cardInputProblem(toTestCard(card))) return;
    setPaying(true);
    setPaymentError(null);
    try {
      const result = await confirmTestCardPayment({ clientSecret, card: toTestCard(card), billing });
      if ("error" in result) setPaymentError(result.error.message);
      else await onConfirmed(result.paymentIntent.id);
    } catch (error) {
      setPaymentError(errorMessage(error, "The payment could not be completed. Please try again."));
    } finally {
      setPaying(false);
    }
  };

  const invalid = (field: CardField) => ({
    "aria-invalid": paymentError !== null || problem?.field === field,
    "aria-describedby": shownError ? `${CARD_ERROR_ID} test-mode-note` : "test-mode-note",
  });

  return (
    <form onSubmit={pay} noValidate className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <span className="badge badge-warning font-semibold">{TEST_MODE_LABEL}</span>
        <p id="test-mode-note" className="text-sm text-base-content/80">
          No real card is charged. Use 4242 4242 4242 4242 with any future date and any CVC.
        </p>
      </div>
      <fieldset className="grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]">
        <legend className="sr-only">Card</legend>
        {CARD_INPUTS.map(({ field, label, autoComplete, placeholder, maxLength }) => (
          <div key={field} className="flex flex-col gap-1">
            <label htmlFor={`card-${field}`} className="text-sm font-medium">
              {label}
            </label>
            <input
              id={`card-${field}`}
              value={card[field]}
              onChange={change(field)}
              onBlur={leave(field)}
              inputMode="numeric"
              autoComplete={autoComplete}
              placeholder={placeholder}
              maxLength={maxLength}
              className="input w-full font-mono"
              {...invalid(field)}
            />
          </div>
        ))}
      </fieldset>
      <CardFormFooter error={shownError} paying={paying} disabled={!clientSecret || paying} />
    </form>
  );
}

import { CardElement, Elements, useElements, useStripe } from "@stripe/react-stripe-js";
import { loadStripe, type Stripe } from "@stripe/stripe-js";
import { type FormEvent, useState } from "react";
import { type CardFormProps, errorMessage } from "../card-form-props";
import { CardFormFooter } from "./card-form-footer";

// This module is its own chunk, downloaded only when GET /api/payment-config says "stripe": neither
// Stripe.js nor its React bindings weigh on the other pages or on the test gateway.

const stripeByKey = new Map<string, Promise<Stripe | null>>();

/** Stripe.js is loaded once per publishable key (loadStripe must not run on every render). */
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripeByKey.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    stripeByKey.set(publishableKey, stripe);
  }
  return stripe;
}

function StripeCardFields({ clientSecret, billing, onConfirmed }: CardFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [cardError, setCardError] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);

  const pay = async (event: FormEvent) => {
    event.preventDefault();
    const card = elements?.getElement(CardElement);
    if (!stripe || !card || !clientSecret || paying) return;
    setPaying(true);
    setCardError(null);
    try {
      const { error, paymentIntent } = await stripe.confirmCardPayment(clientSecret, {
        payment_method: { card, billing_details: billing },
      });
      if (error) setCardError(error.message ?? "Your card could not be charged.");
      else if (paymentIntent) await onConfirmed(paymentIntent.id);
    } catch (error) {
      setCardError(errorMessage(error, "The payment could not be completed. Please try again."));
    } finally {
      setPaying(false);
    }
  };

  return (
    <form onSubmit={pay} noValidate className="flex flex-col gap-4">
      {/* Stripe's card element lives in its own frame, which carries its own field labels. */}
      <fieldset className="flex flex-col gap-1">
        <legend className="mb-1 text-sm font-medium">Card</legend>
        <div className="input w-full items-center">
          <CardElement
            className="w-full"
            options={{ hidePostalCode: true }}
            onChange={(change) => setCardError(change.error?.message ?? null)}
          />
        </div>
      </fieldset>
      <CardFormFooter error={cardError} paying={paying} disabled={!stripe || !clientSecret || paying} />
    </form>
  );
}

interface StripeCardFormProps extends CardFormProps {
  publishableKey: string;
}

/** Stripe Elements' CardElement and confirmCardPayment (docs/product.md section 7: card payment). */
export default function StripeCardForm({ publishableKey, ...props }: StripeCardFormProps) {
  return (
    <Elements stripe={stripeFor(publishableKey)}>
      <StripeCardFields {...props} />
    </Elements>
  );
}

import { screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { anOrder } from "../../orders/test/orders-data";
import { renderScreen, startOrdersApi } from "../../orders/test/render-with-api";
import { expectPaidReceipt } from "../test/paid-receipt";
import { PaymentScreen } from "./payment-screen";

// Stripe's servers cannot be reached in tests: Stripe.js and its React bindings are replaced by fakes
// that behave like them (a card element that reports errors, confirmCardPayment's answers).
const fakeCard = { kind: "card element" };
const confirmCardPayment = vi.fn();
const loadStripe = vi.fn((_key: string) => Promise.resolve({ confirmCardPayment }));

vi.mock("@stripe/stripe-js", () => ({ loadStripe: (key: string) => loadStripe(key) }));
vi.mock("@stripe/react-stripe-js", () => ({
  Elements: ({ children }: { children: ReactNode }) => <div data-testid="stripe-elements">{children}</div>,
  CardElement: ({ onChange }: { onChange: (event: { error?: { message: string } }) => void }) => (
    <input
      aria-label="Card details"
      onChange={(event) =>
        onChange(event.target.value === "bad" ? { error: { message: "Your card number is invalid." } } : {})
      }
    />
  ),
  useStripe: () => ({ confirmCardPayment }),
  useElements: () => ({ getElement: () => fakeCard }),
}));

const ORDER = anOrder();
const PAID = { ...ORDER, paid: true, status: "paid" as const, transactionId: "pi_3StripeReal" };
const BILLING = { name: "Ann Lee", email: "ann@example.com" };

describe("the payment screen with Stripe (mocked Stripe.js)", () => {
  let api: Awaited<ReturnType<typeof startOrdersApi>> | undefined;
  beforeEach(async () => {
    api = await startOrdersApi((call) => {
      if (call.path === "/api/payment-config")
        return { status: 200, body: { gateway: "stripe", publishableKey: "pk_test_123", currency: "usd" } };
      if (call.path === "/api/create-payment-intent")
        return { status: 200, body: { clientSecret: "pi_3StripeReal_secret_abc" } };
      if (call.method === "PATCH") return { status: 200, body: PAID };
      return { status: 200, body: ORDER };
    });
  });
  afterEach(async () => {
    confirmCardPayment.mockReset();
    loadStripe.mockClear();
    await api?.close();
    api = undefined;
  });

  it("loads Stripe.js with the publishable key, confirms the card payment and records it (mocked Stripe.js)", async () => {
    confirmCardPayment.mockResolvedValue({ paymentIntent: { id: "pi_3StripeReal", status: "succeeded" } });
    const { user } = renderScreen(<PaymentScreen orderId={ORDER._id} billing={BILLING} />);
    const pay = (await screen.findByRole("button", { name: "Pay" })) as HTMLButtonElement;
    expect(screen.queryByText("Test mode")).not.toBeInTheDocument();
    expect(loadStripe).toHaveBeenCalledWith("pk_test_123");
    await expect.poll(() => pay.disabled).toBe(false);
    await user.click(pay);

    await expectPaidReceipt("pi_3StripeReal", ORDER.number);
    expect(confirmCardPayment).toHaveBeenCalledWith("pi_3StripeReal_secret_abc", {
      payment_method: { card: fakeCard, billing_details: BILLING },
    });
    expect(api?.callsTo("PATCH", `/api/orders/${ORDER._id}`)[0]?.body).toEqual({
      transactionId: "pi_3StripeReal",
    });
    expect(api?.callsTo("POST", "/api/test-gateway/confirm")).toEqual([]);
  });

  it("shows the card element's and Stripe's errors in red, and records nothing (mocked Stripe.js)", async () => {
    confirmCardPayment.mockResolvedValue({ error: { message: "Your card was declined." } });
    const { user } = renderScreen(<PaymentScreen orderId={ORDER._id} billing={BILLING} />);
    const pay = (await screen.findByRole("button", { name: "Pay" })) as HTMLButtonElement;
    await user.type(screen.getByLabelText("Card details"), "bad");
    expect(screen.getByRole("alert").textContent).toBe("Your card number is invalid.");

    await expect.poll(() => pay.disabled).toBe(false);
    await user.click(pay);
    await expect.poll(() => screen.getByRole("alert").textContent).toBe("Your card was declined.");
    expect(api?.callsTo("PATCH", `/api/orders/${ORDER._id}`)).toEqual([]);
    expect(screen.queryByText("Congrats! Your payment is completed.")).not.toBeInTheDocument();
  });
});

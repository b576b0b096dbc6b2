import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { anOrder, aTwoLineOrder } from "../../orders/test/orders-data";
import {
  type ApiAnswer,
  type ApiCall,
  renderScreen,
  startOrdersApi,
} from "../../orders/test/render-with-api";
import { expectPaidReceipt } from "../test/paid-receipt";
import { PaymentScreen } from "./payment-screen";

const ORDER = anOrder();
const PAID = { ...ORDER, paid: true, status: "paid" as const, transactionId: "pi_test_abc123" };
const TEST_CONFIG = { gateway: "test", publishableKey: null, currency: "usd" };
const BILLING = { name: "Ann Lee", email: "ann@example.com" };

type Overrides = Partial<Record<string, (call: ApiCall) => ApiAnswer>>;

describe("the payment screen with the test gateway", () => {
  let api: Awaited<ReturnType<typeof startOrdersApi>> | undefined;
  afterEach(async () => {
    await api?.close();
    api = undefined;
  });

  async function openPayment(overrides: Overrides = {}) {
    let current = ORDER;
    api = await startOrdersApi((call) => {
      const key = `${call.method} ${call.path}`;
      const override = overrides[key];
      if (override) return override(call);
      switch (key) {
        case `GET /api/payment/${ORDER._id}`:
          return { status: 200, body: current };
        case "GET /api/payment-config":
          return { status: 200, body: TEST_CONFIG };
        case "POST /api/create-payment-intent":
          return { status: 200, body: { clientSecret: "pi_test_abc123_secret_xyz" }, delayMs: 200 };
        case "POST /api/test-gateway/confirm":
          return { status: 200, body: { paymentIntent: { id: "pi_test_abc123", status: "succeeded" } } };
        case `PATCH /api/orders/${ORDER._id}`:
          current = PAID;
          return { status: 200, body: PAID };
        default:
          return { status: 404, body: { statusCode: 404, error: "Not Found", message: key } };
      }
    });
    const rendered = renderScreen(<PaymentScreen orderId={ORDER._id} billing={BILLING} />);
    return rendered;
  }

  async function typeCard(user: ReturnType<typeof renderScreen>["user"], number: string) {
    await user.type(screen.getByLabelText("Card number"), number);
    await user.type(screen.getByLabelText("Expiry (MM/YY)"), "12/30");
    await user.type(screen.getByLabelText("CVC"), "123");
  }

  it("sums up an order of two tools line by line, with its total", async () => {
    const cart = aTwoLineOrder({ _id: ORDER._id });
    await openPayment({ [`GET /api/payment/${ORDER._id}`]: () => ({ status: 200, body: cart }) });
    expect(await screen.findByRole("heading", { name: "Cart Clamp and 1 more tool" })).toBeInTheDocument();
    const lines = within(screen.getByRole("list", { name: "Tools in this order" })).getAllByRole("listitem");
    expect(lines.map((line) => line.textContent)).toEqual([
      "Cart Clamp Part number CL-4: 4 × $15.50 = $62.00",
      "Cart Meter Part number MT-3: 3 × $42.00 = $126.00",
    ]);
    expect(screen.getByText(/^Total/).textContent).toBe("Total $188.00");
    expect(screen.getByRole("heading", { name: "Pay $188.00 by card" })).toBeInTheDocument();
  });

  it("loads, labels Test mode, and keeps Pay disabled until the payment secret has arrived", async () => {
    await openPayment();
    expect(screen.getByRole("status", { name: "Loading the order" })).toBeInTheDocument();
    expect(await screen.findByText("Test mode")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Pliers" })).toBeInTheDocument();
    const pay = screen.getByRole("button", { name: "Pay" }) as HTMLButtonElement;
    expect(pay.disabled).toBe(true);
    await expect.poll(() => pay.disabled).toBe(false);
    expect(api?.callsTo("POST", "/api/create-payment-intent")[0]?.body).toEqual({ orderId: ORDER._id });
  });

  it("shows Stripe's wording in red at once for a mistyped card, and sends nothing", async () => {
    const { user } = await openPayment();
    await screen.findByText("Test mode");
    await user.type(screen.getByLabelText("Card number"), "4242 4242 4242 4241");
    expect(screen.getByRole("alert").textContent).toBe("Your card number is invalid.");
    expect(screen.getByLabelText("Card number").getAttribute("aria-invalid")).toBe("true");
    await user.clear(screen.getByLabelText("Card number"));
    await user.type(screen.getByLabelText("Card number"), "4242 4242 4242 4242");
    await user.type(screen.getByLabelText("Expiry (MM/YY)"), "01/20");
    expect(screen.getByRole("alert").textContent).toBe("Your card's expiration date is in the past.");
    await expect
      .poll(() => (screen.getByRole("button", { name: "Pay" }) as HTMLButtonElement).disabled)
      .toBe(false);
    await user.click(screen.getByRole("button", { name: "Pay" }));
    expect(api?.callsTo("POST", "/api/test-gateway/confirm")).toEqual([]);
  });

  it("shows a declined card in red and leaves the order unpaid", async () => {
    const { user } = await openPayment({
      "POST /api/test-gateway/confirm": () => ({
        status: 200,
        body: { error: { message: "Your card was declined." } },
      }),
    });
    await screen.findByText("Test mode");
    await typeCard(user, "4000 0000 0000 0002");
    const pay = screen.getByRole("button", { name: "Pay" }) as HTMLButtonElement;
    await expect.poll(() => pay.disabled).toBe(false);
    await user.click(pay);

    await expect.poll(() => screen.getByRole("alert").textContent).toBe("Your card was declined.");
    expect(api?.callsTo("PATCH", `/api/orders/${ORDER._id}`)).toEqual([]);
    expect(screen.queryByText("Congrats! Your payment is completed.")).not.toBeInTheDocument();
    expect(pay.disabled).toBe(false);
  });

  it("pays: confirms the card, records the payment id, and a focused receipt with the id replaces the form", async () => {
    const { user } = await openPayment();
    await screen.findByText("Test mode");
    await typeCard(user, "4242 4242 4242 4242");
    const pay = screen.getByRole("button", { name: "Pay" }) as HTMLButtonElement;
    await expect.poll(() => pay.disabled).toBe(false);
    await user.click(pay);

    await expectPaidReceipt("pi_test_abc123", ORDER.number);
    const confirm = api?.callsTo("POST", "/api/test-gateway/confirm")[0];
    expect(confirm?.body).toEqual({
      clientSecret: "pi_test_abc123_secret_xyz",
      card: { number: "4242 4242 4242 4242", expMonth: 12, expYear: 30, cvc: "123" },
      billing: BILLING,
    });
    expect(api?.callsTo("PATCH", `/api/orders/${ORDER._id}`)[0]?.body).toEqual({
      transactionId: "pi_test_abc123",
    });
  });

  it("shows an order that is already paid as Paid with its payment id, without a card form", async () => {
    await openPayment({ [`GET /api/payment/${ORDER._id}`]: () => ({ status: 200, body: PAID }) });
    expect(await screen.findByText("Paid")).toBeInTheDocument();
    expect(screen.getByText("pi_test_abc123")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Pay" })).not.toBeInTheDocument();
    expect(api?.callsTo("POST", "/api/create-payment-intent")).toEqual([]);
  });

  it("says so when the order is someone else's", async () => {
    await openPayment({
      [`GET /api/payment/${ORDER._id}`]: () => ({
        status: 403,
        body: { statusCode: 403, error: "Forbidden", message: "This order belongs to another customer." },
      }),
    });
    expect((await screen.findByRole("alert")).textContent).toContain(
      "This order belongs to another customer.",
    );
  });
});

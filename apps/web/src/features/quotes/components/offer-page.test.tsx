import { screen, waitFor, within } from "@testing-library/react";
import type { Quote } from "@toolshop/shared/quote-offers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { notify } from "../../../lib/toast";
import { accountCartQueryOptions } from "../../cart/api/cart-api";
import { anOrder } from "../../orders/test/orders-data";
import {
  type ApiAnswer,
  type ApiCall,
  apiError,
  renderScreen,
  startOrdersApi,
} from "../../orders/test/render-with-api";
import { anOfferedQuote, aRequestedQuote, SHOP_WITH_TAX } from "../test/quotes-data";
import { OFFER_ACCEPTED_MESSAGE } from "./accept-offer-dialog";
import { OFFER_DECLINED_MESSAGE } from "./decline-offer-dialog";
import { OfferPage } from "./offer-page";

vi.mock("../../../lib/toast", () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const PROFILE = {
  email: "ann@example.com",
  displayName: "Ann Lee",
  address: "1 Trade Park, Springfield",
  phoneNumber: "+1 555-0100",
  education: "",
  location: "",
  linkedin: "",
};
const ORDER_ID = "0c0c0c0c-1111-4222-8333-444444444444";

const row = (name: string) => screen.getByRole("row", { name: new RegExp(`^${name}`) });

describe("the offer page", () => {
  let running: Awaited<ReturnType<typeof startOrdersApi>> | undefined;
  afterEach(async () => {
    await running?.close();
    running = undefined;
    vi.mocked(notify.success).mockClear();
  });

  /** The page of `quote`; `answer` takes the calls other than reading it, the shop and the profile. */
  async function open(
    quote: Quote,
    answer: (call: ApiCall) => ApiAnswer = () => apiError(500, "Error", "?"),
  ) {
    const api = await startOrdersApi((call) => {
      if (call.path === "/api/shop") return { status: 200, body: SHOP_WITH_TAX };
      if (call.path === "/api/profile") return { status: 200, body: PROFILE };
      if (call.method === "GET" && call.path === `/api/quotes/${quote._id}`)
        return { status: 200, body: quote };
      return answer(call);
    });
    running = api;
    const rendered = renderScreen(<OfferPage quoteId={quote._id} email="ann@example.com" />, {
      path: `/dashboard/quotes/${quote._id}`,
      pattern: "/dashboard/quotes/:id",
    });
    await screen.findByRole("heading", { level: 2, name: "Tools" });
    return { ...rendered, api };
  }

  it("shows the offered lines and prices, the total with tax as the cart does, the note, validity and history", async () => {
    await open(anOfferedQuote());
    expect(screen.getByRole("heading", { level: 1, name: "Your quote" })).toBeInTheDocument();
    expect(row("Pliers")).toHaveTextContent(
      /Pliers\s*Part number PL-180\s*60\s*\$10\.50\s*list \$12\.50\s*\$630\.00/,
    );
    expect(row("Electric Drill")).toHaveTextContent(
      /Electric Drill\s*Part number CART-1\s*12\s*\$80\.00\s*list \$89\.00\s*\$960\.00/,
    );
    // 1,590.00 net, 20% on top.
    expect(await screen.findByText("Tax 20%")).toBeInTheDocument();
    expect(screen.getByText(/^Total/, { selector: "p" })).toHaveTextContent("Total $1,908.00");
    expect(screen.getByText("Trade prices, delivery in 5 days.")).toBeInTheDocument();
    expect(screen.getByText(/^This offer is valid until/)).toHaveTextContent(
      "This offer is valid until Jan 1, 2999",
    );
    const history = within(screen.getByRole("region", { name: "History" })).getAllByRole("listitem");
    expect(history.map((entry) => entry.textContent)).toEqual([
      expect.stringMatching(/^Requested · Mar 1, 2026/),
      expect.stringMatching(/^Offer sent · Mar 2, 2026/),
    ]);
    expect(screen.getByRole("region", { name: "Your request" })).toHaveTextContent("Builder & Sons");
    expect(screen.getByRole("button", { name: "Accept" })).toBeEnabled();
    expect(screen.getByRole("button", { name: "Decline" })).toBeEnabled();
  });

  it("shows an offer's discount and freight, and the total the order will charge with them", async () => {
    // 60 × 9.45 + 12 × 72.00 = 1,431.00, and 30.00 freight: 1,461.00 net, 20% on top.
    await open(anOfferedQuote({ discountPercent: 10, freight: 30, total: 1461 }));
    expect(await screen.findByText("Discount 10% off every unit price")).toBeInTheDocument();
    expect(screen.getByText(/^Freight/)).toHaveTextContent("Freight $30.00");
    expect(await screen.findByText("Tax 20%")).toBeInTheDocument();
    expect(screen.getByText(/^Total/, { selector: "p" })).toHaveTextContent("Total $1,753.20");
  });

  it("accepts with the profile's address and phone, then goes to pay the new order", async () => {
    const quote = anOfferedQuote();
    const { user, router, api, queryClient } = await open(quote, (call) =>
      call.path === `/api/quotes/${quote._id}/accept`
        ? { status: 201, body: anOrder({ _id: ORDER_ID, quoteId: quote._id }) }
        : apiError(500, "Error", "?"),
    );
    // The navigation bar's cart, read before: the order takes the quote's tools out of it on the server.
    const cartKey = accountCartQueryOptions("ann@example.com").queryKey;
    queryClient.setQueryData(cartKey, { lines: [], removedToolIds: [] });
    // The shop's tax has arrived: the dialog names the total the order will have.
    await screen.findByText("Tax 20%");
    await user.click(screen.getByRole("button", { name: "Accept" }));
    const dialog = screen.getByRole("dialog", { name: "Accept the offer" });
    expect(dialog).toHaveAccessibleDescription(
      "You order 60 × Pliers, 12 × Electric Drill for $1,908.00 at the offered prices, and pay next.",
    );
    await waitFor(() => expect(within(dialog).getByLabelText("Address")).toHaveValue(PROFILE.address));
    await user.dblClick(within(dialog).getByRole("button", { name: "Accept and order" }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/dashboard/payment/${ORDER_ID}`));
    const accepts = api.callsTo("POST", `/api/quotes/${quote._id}/accept`);
    expect(accepts).toHaveLength(1);
    expect(accepts[0]?.body).toEqual({ address: PROFILE.address, phone: PROFILE.phoneNumber });
    expect(notify.success).toHaveBeenCalledWith(OFFER_ACCEPTED_MESSAGE);
    await waitFor(() => expect(queryClient.getQueryState(cartKey)?.isInvalidated).toBe(true));
  });

  it("shows the 409 of a short line in the dialog and marks that line on the page", async () => {
    const quote = anOfferedQuote();
    const refusal = "Nothing was ordered: only 5 units of Electric Drill are available.";
    const { user } = await open(quote, () => apiError(409, "Conflict", refusal));
    await user.click(screen.getByRole("button", { name: "Accept" }));
    const dialog = screen.getByRole("dialog", { name: "Accept the offer" });
    await waitFor(() => expect(within(dialog).getByLabelText("Phone")).toHaveValue(PROFILE.phoneNumber));
    await user.click(within(dialog).getByRole("button", { name: "Accept and order" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      `The offer was not accepted: ${refusal}`,
    );

    await user.click(within(dialog).getByRole("button", { name: "Back" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(refusal);
    expect(row("Electric Drill")).toHaveTextContent("Not enough in stock for this quantity.");
    expect(row("Pliers")).not.toHaveTextContent("Not enough in stock");
  });

  it("declines with a reason, then shows the offer declined and the reason", async () => {
    const quote = anOfferedQuote();
    const reason = "We found a local supplier.";
    const { user, api } = await open(quote, (call) =>
      call.path === `/api/quotes/${quote._id}/decline`
        ? {
            status: 200,
            body: {
              ...quote,
              state: "declined",
              declineReason: reason,
              history: [...quote.history, { state: "declined", at: "2026-03-03T12:00:00.000Z" }],
            },
          }
        : apiError(500, "Error", "?"),
    );
    await user.click(screen.getByRole("button", { name: "Decline" }));
    const dialog = screen.getByRole("dialog", { name: "Decline the offer?" });
    const field = within(dialog).getByLabelText(/^Why\?/);
    expect(field).toHaveFocus();
    await user.type(field, `  ${reason}  `);
    await user.click(within(dialog).getByRole("button", { name: "Decline the offer" }));

    expect(await screen.findByText(`Your reason: ${reason}`)).toBeInTheDocument();
    expect(screen.getByText(/^You declined this offer/)).toHaveTextContent(
      "You declined this offer on Mar 3, 2026",
    );
    expect(screen.queryByRole("button", { name: "Accept" })).toBeNull();
    expect(api.callsTo("POST", `/api/quotes/${quote._id}/decline`)[0]?.body).toEqual({ reason });
    expect(notify.success).toHaveBeenCalledWith(OFFER_DECLINED_MESSAGE);
  });

  it("declines without a reason when none is given", async () => {
    const quote = anOfferedQuote();
    const { user, api } = await open(quote, () => ({ status: 200, body: { ...quote, state: "declined" } }));
    await user.click(screen.getByRole("button", { name: "Decline" }));
    await user.click(screen.getByRole("button", { name: "Decline the offer" }));
    await waitFor(() => expect(api.callsTo("POST", `/api/quotes/${quote._id}/decline`)[0]?.body).toEqual({}));
  });

  it("offers no answer to an offer past its validity, and says when it ran out", async () => {
    await open(anOfferedQuote({ state: "expired", validUntil: "2026-03-16T12:00:00.000Z" }));
    expect(screen.getByText(/^This offer ran out on/)).toHaveTextContent(
      "This offer ran out on Mar 16, 2026",
    );
    expect(screen.getByText("Expired")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Accept" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Decline" })).toBeNull();
  });

  it("links an accepted offer to its order", async () => {
    const accepted = anOfferedQuote({
      state: "accepted",
      orderId: ORDER_ID,
      history: [...anOfferedQuote().history, { state: "accepted", at: "2026-03-04T12:00:00.000Z" }],
    });
    await open(accepted);
    expect(screen.getByText(/^You accepted this offer/)).toHaveTextContent(
      "You accepted this offer on Mar 4, 2026",
    );
    expect(screen.getByRole("link", { name: "See your order" })).toHaveAttribute(
      "href",
      `/dashboard/orders/${ORDER_ID}`,
    );
    expect(screen.queryByRole("button", { name: "Accept" })).toBeNull();
  });

  it("says when the shop withdrew an offer, and offers no answer to it", async () => {
    await open(
      anOfferedQuote({
        state: "withdrawn",
        history: [...anOfferedQuote().history, { state: "withdrawn", at: "2026-03-05T12:00:00.000Z" }],
      }),
    );
    expect(screen.getByText(/^The shop withdrew this offer/)).toHaveTextContent(
      "The shop withdrew this offer on Mar 5, 2026",
    );
    expect(screen.queryByRole("button", { name: "Decline" })).toBeNull();
  });

  it("shows a request without prices yet", async () => {
    await open(aRequestedQuote());
    expect(screen.getByText("The shop has your request and will mail you an offer.")).toBeInTheDocument();
    expect(screen.getByText("No prices yet: the shop will mail you its offer.")).toBeInTheDocument();
    expect(screen.queryByRole("columnheader", { name: "Unit price" })).toBeNull();
    expect(row("Pliers")).toHaveTextContent(/Pliers\s*Part number PL-180\s*60$/);
    expect(screen.queryByRole("button", { name: "Accept" })).toBeNull();
  });

  it("shows the server's sentence for another customer's quote", async () => {
    await startOrdersApi(() => apiError(403, "Forbidden", "This quote belongs to another customer.")).then(
      (api) => {
        running = api;
      },
    );
    renderScreen(<OfferPage quoteId="7e57a0b0-0000-4000-8000-000000000001" email="ann@example.com" />);
    expect(await screen.findByText("This quote could not be loaded.")).toBeInTheDocument();
    expect(screen.getByText(/This quote belongs to another customer\./)).toBeInTheDocument();
  });
});

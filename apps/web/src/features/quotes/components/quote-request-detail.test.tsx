import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderListScreen } from "../../../test/list-screen";
import { type ApiCall, startOrdersApi } from "../../orders/test/render-with-api";
import { DRILL_ID, offeredQuote, PLIERS_ID, QUOTE_ID, quoteApi } from "../test/owner-quote-data";
import { QuoteRequests } from "./quote-requests";

const openQuote = () => renderListScreen(<QuoteRequests />, `/dashboard/quote-requests?open=${QUOTE_ID}`);
const posted = (calls: ApiCall[]) =>
  calls.filter((call) => call.method === "POST").map((call) => [call.path, call.body]);

describe("QuoteRequestDetail", () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  it("shows an offer as sent, with its dated history, and withdraws it after asking", async () => {
    const offered = offeredQuote();
    const withdrawn = {
      ...offered,
      state: "withdrawn" as const,
      history: [...offered.history, { state: "withdrawn" as const, at: "2026-03-03T10:00:00.000Z" }],
    };
    const api = await startOrdersApi(quoteApi(offered, () => ({ status: 200, body: withdrawn })));
    close = api.close;
    const user = openQuote();
    const heading = await screen.findByRole("heading", { name: "Quote request from Ada Builder" });
    expect(heading).toHaveFocus();
    const lines = screen.getByRole("list", { name: "Lines" });
    expect(
      within(lines)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual([
      "60 × Pliers Part number PL-180$10.00 each · $600.00",
      "10 × Drill Part number DR-10$35.00 each · $350.00",
    ]);
    expect(screen.getByText(/^Offer total/)).toHaveTextContent("$950.00");
    expect(screen.getByText("Trade prices")).toBeInTheDocument();
    const history = within(screen.getByRole("region", { name: "History" })).getAllByRole("listitem");
    expect(history.map((entry) => entry.querySelector("span")?.textContent)).toEqual([
      "Requested",
      "Offer sent",
    ]);
    expect(history[1]?.querySelector("time")).toHaveAttribute("datetime", "2026-03-02T10:00:00.000Z");

    await user.click(screen.getByRole("button", { name: "Withdraw" }));
    const dialog = screen.getByRole("dialog", { name: "Withdraw this offer?" });
    expect(within(dialog).getByRole("button", { name: "Cancel" })).toHaveFocus();
    await user.click(within(dialog).getByRole("button", { name: "Yes, withdraw" }));

    expect(await screen.findByText("The offer to ada@example.com is withdrawn.")).toBeInTheDocument();
    expect(await screen.findByText("Withdrawn", { selector: ".badge" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Withdraw" })).not.toBeInTheDocument();
    expect(posted(api.calls)).toEqual([[`/api/quotes/${QUOTE_ID}/withdraw`, undefined]]);
  });

  it("keeps the withdraw dialog open with the server's sentence when the table refuses (409)", async () => {
    const refusal = "This quote was accepted, so it cannot be withdrawn.";
    const api = await startOrdersApi(
      quoteApi(offeredQuote(), () => ({ status: 409, body: { message: refusal } })),
    );
    close = api.close;
    const user = openQuote();
    await user.click(await screen.findByRole("button", { name: "Withdraw" }));
    const dialog = screen.getByRole("dialog", { name: "Withdraw this offer?" });
    await user.click(within(dialog).getByRole("button", { name: "Yes, withdraw" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(refusal);
  });

  it("revises an offer from its prices and note: the new offer replaces it", async () => {
    const api = await startOrdersApi(
      quoteApi(offeredQuote(), () => ({ status: 200, body: offeredQuote([9, 35]) })),
    );
    close = api.close;
    const user = openQuote();
    await user.click(await screen.findByRole("button", { name: "Revise" }));
    const pliers = screen.getByRole("group", { name: "Pliers" });
    const price = within(pliers).getByRole("spinbutton", { name: "Unit price" });
    expect(price).toHaveValue(10);
    expect(screen.getByRole("textbox", { name: /^Note to the customer/ })).toHaveValue("Trade prices");
    await user.clear(price);
    await user.type(price, "9");
    await user.click(screen.getByRole("button", { name: "Send the revised offer" }));

    expect(await screen.findByText("The revised offer is sent to ada@example.com.")).toBeInTheDocument();
    expect(posted(api.calls)).toEqual([
      [
        `/api/quotes/${QUOTE_ID}/offer`,
        {
          lines: [
            { toolId: PLIERS_ID, quantity: 60, unitPrice: 9 },
            { toolId: DRILL_ID, quantity: 10, unitPrice: 35 },
          ],
          note: "Trade prices",
          validDays: 14,
        },
      ],
    ]);
    expect(await screen.findByRole("button", { name: "Revise" })).toBeInTheDocument();
  });

  it("links an accepted quote to its order, and offers no change", async () => {
    const orderId = "44444444-4444-4444-8444-444444444444";
    const api = await startOrdersApi(quoteApi(offeredQuote([10, 35], { state: "accepted", orderId })));
    close = api.close;
    openQuote();
    expect(await screen.findByRole("link", { name: "The order it became" })).toHaveAttribute(
      "href",
      `/dashboard/orders/${orderId}`,
    );
    expect(screen.queryByRole("button", { name: "Revise" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Withdraw" })).not.toBeInTheDocument();
  });

  it("says why a request cannot be shown, and leads back to the list", async () => {
    const api = await startOrdersApi(() => ({
      status: 404,
      body: { message: "There is no quote with this id." },
    }));
    close = api.close;
    openQuote();
    expect(await screen.findByRole("alert")).toHaveTextContent("There is no quote with this id.");
    expect(screen.getByRole("link", { name: "← Back to quote requests" })).toHaveAttribute(
      "href",
      "/dashboard/quote-requests",
    );
  });
});

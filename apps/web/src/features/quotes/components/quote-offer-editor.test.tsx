import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderListScreen } from "../../../test/list-screen";
import { type ApiCall, startOrdersApi } from "../../orders/test/render-with-api";
import {
  DRILL_ID,
  offeredQuote,
  PLIERS_ID,
  QUOTE_ID,
  quoteApi,
  requestedLine,
  requestedQuote,
} from "../test/owner-quote-data";
import { QuoteRequests } from "./quote-requests";

const openQuote = () => renderListScreen(<QuoteRequests />, `/dashboard/quote-requests?open=${QUOTE_ID}`);
const line = (name: string) => screen.getByRole("group", { name });
const field = (name: string, label: string) => within(line(name)).getByRole("spinbutton", { name: label });
/** The bodies of the offers sent. */
const offersSent = (calls: ApiCall[]) =>
  calls
    .filter((call) => call.method === "POST" && call.path === `/api/quotes/${QUOTE_ID}/offer`)
    .map((call) => call.body);

describe("QuoteOfferEditor", () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  it("prefills each unit price for its quantity, follows the quantity until a price is typed, and sends the offer", async () => {
    const api = await startOrdersApi(
      quoteApi(requestedQuote(), () => ({ status: 200, body: offeredQuote() })),
    );
    close = api.close;
    const user = openQuote();
    await screen.findByRole("heading", { name: "Quote request from Ada Builder" });
    // 60 pliers reach the break from 50 (11.00); the drill has none (40.00).
    expect(field("Pliers", "Unit price")).toHaveValue(11);
    expect(field("Drill", "Unit price")).toHaveValue(40);
    expect(within(line("Pliers")).getByText("$660.00")).toBeInTheDocument();
    expect(screen.getByText(/Offer total/)).toHaveTextContent("Offer total $1,060.00");

    // Below the break, the list price; the drill's typed price stays whatever its quantity.
    await user.clear(field("Pliers", "Quantity"));
    await user.type(field("Pliers", "Quantity"), "20");
    expect(field("Pliers", "Unit price")).toHaveValue(12.5);
    await user.clear(field("Drill", "Unit price"));
    await user.type(field("Drill", "Unit price"), "36.5");
    await user.clear(field("Drill", "Quantity"));
    await user.type(field("Drill", "Quantity"), "12");
    expect(field("Drill", "Unit price")).toHaveValue(36.5);
    expect(within(line("Drill")).getByText("$438.00")).toBeInTheDocument();

    await user.type(screen.getByRole("textbox", { name: /^Note to the customer/ }), "Spring prices");
    await user.clear(screen.getByRole("spinbutton", { name: "Valid for (days)" }));
    await user.type(screen.getByRole("spinbutton", { name: "Valid for (days)" }), "30");
    await user.click(screen.getByRole("button", { name: "Send offer" }));

    expect(await screen.findByText("The offer is sent to ada@example.com.")).toBeInTheDocument();
    expect(offersSent(api.calls)).toEqual([
      {
        lines: [
          { toolId: PLIERS_ID, quantity: 20, unitPrice: 12.5 },
          { toolId: DRILL_ID, quantity: 12, unitPrice: 36.5 },
        ],
        note: "Spring prices",
        validDays: 30,
      },
    ]);
    // The request now shows its offer as sent, with Revise and Withdraw.
    expect(await screen.findByRole("button", { name: "Withdraw" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Quote request from Ada Builder" })).toHaveFocus();
  });

  it("takes a percentage off every unit and adds freight, in the total shown and the offer sent", async () => {
    const api = await startOrdersApi(
      quoteApi(requestedQuote(), () => ({ status: 200, body: offeredQuote() })),
    );
    close = api.close;
    const user = openQuote();
    await screen.findByRole("heading", { name: "Quote request from Ada Builder" });
    // 60 × 11.00 and 10 × 40.00, less 10 % each unit (9.90 and 36.00), and 25.00 freight.
    await user.type(screen.getByRole("textbox", { name: /^Discount/ }), "10");
    await user.type(screen.getByRole("textbox", { name: /^Freight/ }), "25");
    expect(screen.getByText(/Offer total/)).toHaveTextContent("Offer total $979.00");
    await user.click(screen.getByRole("button", { name: "Send offer" }));
    expect(await screen.findByText("The offer is sent to ada@example.com.")).toBeInTheDocument();
    expect(offersSent(api.calls)).toEqual([
      expect.objectContaining({ discountPercent: 10, freight: 25, validDays: 14 }),
    ]);
  });

  it("removes a line and adds one from the catalogue, and sends 14 days when the validity is left alone", async () => {
    const api = await startOrdersApi(
      quoteApi(requestedQuote(), () => ({ status: 200, body: offeredQuote() })),
    );
    close = api.close;
    const user = openQuote();
    await screen.findByRole("group", { name: "Drill" });
    await user.click(within(line("Drill")).getByRole("button", { name: "Remove Drill" }));
    expect(screen.queryByRole("group", { name: "Drill" })).not.toBeInTheDocument();
    expect(screen.getByRole("searchbox", { name: "Add a tool" })).toHaveFocus();

    await user.type(screen.getByRole("searchbox", { name: "Add a tool" }), "Tool 3");
    await user.click(await screen.findByRole("button", { name: /^Add Tool 3/ }));
    // A new line starts at the tool's minimum quantity and its price, and its quantity has the focus.
    expect(field("Tool 3", "Quantity")).toHaveFocus();
    expect(field("Tool 3", "Unit price")).toHaveValue(3);
    await user.click(screen.getByRole("button", { name: "Send offer" }));

    await screen.findByText("The offer is sent to ada@example.com.");
    expect(offersSent(api.calls)).toEqual([
      {
        lines: [
          { toolId: PLIERS_ID, quantity: 60, unitPrice: 11 },
          { toolId: "00000000-0000-4000-8000-000000000003", quantity: 1, unitPrice: 3 },
        ],
        note: "",
        validDays: 14,
      },
    ]);
  });

  it("says what is wrong under each field, with the route's own messages, and sends nothing", async () => {
    const api = await startOrdersApi(quoteApi(requestedQuote()));
    close = api.close;
    const user = openQuote();
    await screen.findByRole("group", { name: "Pliers" });
    await user.clear(field("Pliers", "Unit price"));
    await user.clear(field("Drill", "Quantity"));
    await user.type(field("Drill", "Quantity"), "0");
    await user.clear(screen.getByRole("spinbutton", { name: "Valid for (days)" }));
    await user.type(screen.getByRole("spinbutton", { name: "Valid for (days)" }), "400");
    await user.click(screen.getByRole("button", { name: "Send offer" }));

    expect(await within(line("Pliers")).findByText("The unit price is required")).toBeInTheDocument();
    expect(field("Pliers", "Unit price")).toHaveAttribute("aria-invalid", "true");
    expect(within(line("Drill")).getByText("Quantity must be at least 1")).toBeInTheDocument();
    expect(screen.getByText("An offer is valid for at most 365 days")).toBeInTheDocument();

    for (const name of ["Pliers", "Drill"]) {
      await user.click(within(line(name)).getByRole("button", { name: `Remove ${name}` }));
    }
    await user.click(screen.getByRole("button", { name: "Send offer" }));
    expect(await screen.findByText("A quote needs at least one line")).toBeInTheDocument();
    expect(offersSent(api.calls)).toEqual([]);
  });

  it("shows the server's sentence when the transition table refuses the offer (409)", async () => {
    const refusal = "This quote was accepted, so it cannot be offered.";
    const api = await startOrdersApi(
      quoteApi(requestedQuote(), () => ({ status: 409, body: { message: refusal } })),
    );
    close = api.close;
    const user = openQuote();
    await user.click(await screen.findByRole("button", { name: "Send offer" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(refusal);
    expect(screen.getByRole("button", { name: "Send offer" })).toBeEnabled();
  });

  it("attaches lines to a visitor's message, searching for the tool they named, at the quantity they gave", async () => {
    const visitor = requestedQuote({ lines: [], tool: "Tool 2", quantity: 250, company: "" });
    const api = await startOrdersApi(quoteApi(visitor, () => ({ status: 200, body: offeredQuote() })));
    close = api.close;
    const user = openQuote();
    expect(await screen.findByText(/No tools yet/)).toBeInTheDocument();
    expect(screen.getByText("For the spring season.")).toBeInTheDocument();
    expect(screen.getByRole("searchbox", { name: "Add a tool" })).toHaveValue("Tool 2");
    await user.click(await screen.findByRole("button", { name: /^Add Tool 2/ }));
    expect(field("Tool 2", "Quantity")).toHaveValue(250);
    await user.click(screen.getByRole("button", { name: "Send offer" }));
    await screen.findByText("The offer is sent to ada@example.com.");
    expect(offersSent(api.calls)).toEqual([
      {
        lines: [{ toolId: "00000000-0000-4000-8000-000000000002", quantity: 250, unitPrice: 2 }],
        note: "",
        validDays: 14,
      },
    ]);
  });

  it("leaves out a line whose tool is no longer sold, and says so", async () => {
    const gone = requestedLine({ toolId: null, name: "Old saw", listPrice: null, priceBreaks: [] });
    const api = await startOrdersApi(quoteApi(requestedQuote({ lines: [requestedLine(), gone] })));
    close = api.close;
    openQuote();
    expect(await screen.findByText("No longer sold, so left out of the offer: Old saw.")).toBeInTheDocument();
    expect(line("Pliers")).toBeInTheDocument();
    expect(screen.queryByRole("group", { name: "Old saw" })).not.toBeInTheDocument();
  });
});

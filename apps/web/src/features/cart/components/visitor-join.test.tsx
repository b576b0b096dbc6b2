import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { apiError, renderScreen } from "../../orders/test/render-with-api";
import { cartApiPerTest } from "../test/cart-api";
import { aCartLine, DRILL, PLIERS, signInAnn } from "../test/cart-data";
import { readVisitorCart, writeVisitorCart } from "../visitor-cart";
import { CartScreen } from "./cart-screen";

const GONE_TOOL = "11111111-2222-4333-8444-555555555555";

describe("a visitor's cart", () => {
  const startApi = cartApiPerTest();

  it("joins the account's cart: quantities added, new tools with the price seen, tools gone named; then the browser's is cleared", async () => {
    writeVisitorCart([
      { toolId: PLIERS._id, quantity: 30, seenPrice: 12.5 },
      { toolId: DRILL._id, quantity: 2, seenPrice: 85 },
      { toolId: GONE_TOOL, quantity: 1, seenPrice: 5 },
    ]);
    const api = await startApi((call) =>
      call.method === "GET"
        ? { status: 200, body: { lines: [aCartLine(PLIERS, { quantity: 25 })], removedToolIds: [] } }
        : {
            status: 200,
            body: {
              lines: [aCartLine(PLIERS, { quantity: 55 }), aCartLine(DRILL, { quantity: 2, seenPrice: 85 })],
              removedToolIds: [GONE_TOOL],
            },
          },
    );
    signInAnn();
    renderScreen(<CartScreen />, { path: "/cart", pattern: "/cart" });

    expect(
      await screen.findByText("1 tool in your cart is no longer sold and was removed."),
    ).toBeInTheDocument();
    expect(api.callsTo("PUT", "/api/cart").map((call) => call.body)).toEqual([
      {
        lines: [
          { toolId: PLIERS._id, quantity: 55 },
          { toolId: DRILL._id, quantity: 2, seenPrice: 85 },
          { toolId: GONE_TOOL, quantity: 1, seenPrice: 5 },
        ],
      },
    ]);
    await waitFor(() => expect(readVisitorCart()).toEqual([]));
    expect((screen.getByLabelText(/Quantity of Pliers/) as HTMLInputElement).value).toBe("55");
    // The drill's price fell since the visitor added it: shown, not ordered silently.
    expect(screen.getByText(/Price changed from/).textContent).toBe("Price changed from $85.00 to $89.00");
  });

  it("drops a visitor's tool that is no longer sold, and says so", async () => {
    writeVisitorCart([
      { toolId: GONE_TOOL, quantity: 1, seenPrice: 5 },
      { toolId: PLIERS._id, quantity: 20, seenPrice: 12.5 },
    ]);
    await startApi((call) =>
      call.path.endsWith(GONE_TOOL)
        ? apiError(404, "Not Found", "No such tool.")
        : { status: 200, body: PLIERS },
    );
    renderScreen(<CartScreen />, { path: "/cart", pattern: "/cart" });
    expect(
      await screen.findByText("1 tool in your cart is no longer sold and was removed."),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/Quantity of Pliers/)).toBeInTheDocument();
    expect(readVisitorCart().map((line) => line.toolId)).toEqual([PLIERS._id]);
  });

  it("asks nothing more when the browser holds no cart", async () => {
    const api = await startApi(() => ({
      status: 200,
      body: { lines: [aCartLine(PLIERS)], removedToolIds: [] },
    }));
    signInAnn();
    renderScreen(<CartScreen />, { path: "/cart", pattern: "/cart" });
    expect(await screen.findByLabelText(/Quantity of Pliers/)).toBeInTheDocument();
    expect(api.callsTo("PUT", "/api/cart")).toEqual([]);
  });
});

import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { notify } from "../../lib/toast";
import { signOutForTest } from "../auth/test/session";
import { renderScreen } from "../orders/test/render-with-api";
import { CartScreen } from "./components/cart-screen";
import { cartApiPerTest } from "./test/cart-api";
import { PLIERS } from "./test/cart-data";
import { readVisitorCart } from "./visitor-cart";

vi.mock("../../lib/toast", () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

// An "Add to cart" tapped before its page had hydrated is sent by the browser as
// /cart?add=<id>&quantity=<n> (docs/decisions/0049).
describe("/cart opened with an addition", () => {
  const startApi = cartApiPerTest();

  it("adds the tool once, at the tool's price now, says so, and takes the addition out of the URL", async () => {
    signOutForTest();
    await startApi(() => ({ status: 200, body: PLIERS }));
    const { router } = renderScreen(<CartScreen />, {
      path: `/cart?add=${PLIERS._id}&quantity=30`,
      pattern: "/cart",
    });
    expect(await screen.findByLabelText(/Quantity of Pliers/)).toHaveValue(30);
    expect(readVisitorCart()).toEqual([{ toolId: PLIERS._id, quantity: 30, seenPrice: 12.5 }]);
    expect(notify.success).toHaveBeenCalledWith("30 × Pliers added to your cart.");
    expect(router.state.location.pathname).toBe("/cart");
    expect(router.state.location.search).toBe("");
  });

  it("adds nothing when the tool does not allow the quantity, and says why", async () => {
    signOutForTest();
    await startApi(() => ({ status: 200, body: PLIERS }));
    const { router } = renderScreen(<CartScreen />, {
      path: `/cart?add=${PLIERS._id}&quantity=5`,
      pattern: "/cart",
    });
    await waitFor(() =>
      expect(notify.error).toHaveBeenCalledWith(
        "Pliers was not added to your cart: quantity is required. At least 20 per order.",
      ),
    );
    expect(readVisitorCart()).toEqual([]);
    expect(router.state.location.search).toBe("");
    expect(await screen.findByText("Your cart is empty.")).toBeInTheDocument();
  });
});

import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { CART_LINK_META, cartLinkKey } from "@toolshop/shared/cart-link";
import { afterEach, describe, expect, it, vi } from "vitest";
import { notify } from "../../lib/toast";
import { signOutForTest } from "../auth/test/session";
import { renderScreen } from "../orders/test/render-with-api";
import { CartScreen } from "./components/cart-screen";
import { cartApiPerTest } from "./test/cart-api";
import { PLIERS } from "./test/cart-data";
import { readVisitorCart } from "./visitor-cart";

vi.mock("../../lib/toast", () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

/** The server's word that the page was asked from the shop's own pages (docs/decisions/0050). */
function vouchFor(toolId: string, quantity: number) {
  const meta = document.createElement("meta");
  meta.name = CART_LINK_META;
  meta.content = cartLinkKey({ toolId, quantity });
  document.head.append(meta);
}

// An "Add to cart" tapped before its page had hydrated is sent by the browser as
// /cart?add=<id>&quantity=<n> (docs/decisions/0049).
describe("/cart opened with an addition", () => {
  const startApi = cartApiPerTest();
  afterEach(() => {
    vi.clearAllMocks();
    for (const meta of document.head.querySelectorAll(`meta[name="${CART_LINK_META}"]`)) meta.remove();
  });

  it("adds the tool once, at the tool's price now, says so, and takes the addition out of the URL", async () => {
    signOutForTest();
    vouchFor(PLIERS._id, 30);
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
    vouchFor(PLIERS._id, 5);
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

  it("asks before adding what the server did not vouch for (another site's link), and adds on the click", async () => {
    signOutForTest();
    await startApi(() => ({ status: 200, body: PLIERS }));
    const { router } = renderScreen(<CartScreen />, {
      path: `/cart?add=${PLIERS._id}&quantity=30`,
      pattern: "/cart",
    });
    expect(await screen.findByText("Add 30 × Pliers to your cart?")).toBeInTheDocument();
    expect(readVisitorCart()).toEqual([]);
    expect(notify.success).not.toHaveBeenCalled();
    expect(router.state.location.search).toBe("");
    await userEvent.click(screen.getByRole("button", { name: "Add to cart" }));
    expect(await screen.findByLabelText(/Quantity of Pliers/)).toHaveValue(30);
    expect(readVisitorCart()).toEqual([{ toolId: PLIERS._id, quantity: 30, seenPrice: 12.5 }]);
    expect(screen.queryByText("Add 30 × Pliers to your cart?")).toBeNull();
  });

  it("adds nothing when the customer declines, nor for a vouch that names another addition", async () => {
    signOutForTest();
    vouchFor(PLIERS._id, 60);
    await startApi(() => ({ status: 200, body: PLIERS }));
    renderScreen(<CartScreen />, { path: `/cart?add=${PLIERS._id}&quantity=30`, pattern: "/cart" });
    expect(await screen.findByText("Add 30 × Pliers to your cart?")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "No, thanks" }));
    expect(screen.queryByText("Add 30 × Pliers to your cart?")).toBeNull();
    expect(await screen.findByText("Your cart is empty.")).toBeInTheDocument();
    expect(readVisitorCart()).toEqual([]);
  });
});

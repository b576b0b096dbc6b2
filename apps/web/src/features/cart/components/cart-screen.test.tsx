import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { notify } from "../../../lib/toast";
import { signOutForTest } from "../../auth/test/session";
import { type ApiAnswer, type ApiCall, renderScreen } from "../../orders/test/render-with-api";
import { cartApiPerTest } from "../test/cart-api";
import { aCartLine, DRILL, PLIERS, signInAnn } from "../test/cart-data";
import { readVisitorCart, writeVisitorCart } from "../visitor-cart";
import { CartScreen } from "./cart-screen";

vi.mock("../../../lib/toast", () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

function messageUnder(label: string | RegExp): string | null {
  const input = screen.getByLabelText(label);
  const describedBy = input.getAttribute("aria-describedby");
  return describedBy ? (document.getElementById(describedBy)?.textContent ?? null) : null;
}

const checkoutLink = () => screen.queryByRole("link", { name: "Checkout" });
const checkoutButton = () => screen.queryByRole("button", { name: "Checkout" });

describe("the cart screen", () => {
  const startApi = cartApiPerTest();

  async function open(answer: (call: ApiCall) => ApiAnswer) {
    const api = await startApi(answer);
    const rendered = renderScreen(<CartScreen />, { path: "/cart", pattern: "/cart" });
    await screen.findByRole("heading", { level: 1, name: "Your cart" });
    return { ...rendered, api };
  }

  it("says so when the cart is empty", async () => {
    signOutForTest();
    await open(() => ({ status: 500, body: {} }));
    expect(await screen.findByText("Your cart is empty.")).toBeInTheDocument();
    expect(checkoutLink()).toBeNull();
  });

  it("lists a visitor's lines with quantity inputs, line totals and the total; the spec's messages block checkout", async () => {
    signOutForTest();
    writeVisitorCart([
      { toolId: PLIERS._id, quantity: 20, seenPrice: 12.5 },
      { toolId: DRILL._id, quantity: 2, seenPrice: 89 },
    ]);
    const { user } = await open((call) => ({
      status: 200,
      body: call.path.endsWith(PLIERS._id) ? PLIERS : DRILL,
    }));
    const lines = await screen.findByRole("list", { name: "Tools in your cart" });
    expect(within(lines).getAllByRole("listitem")).toHaveLength(2);
    expect(screen.getByText("$250.00")).toBeInTheDocument();
    expect(screen.getByText("$178.00")).toBeInTheDocument();
    expect(screen.getByText(/^Total/).textContent).toBe("Total $428.00");
    expect(checkoutLink()?.getAttribute("href")).toBe("/checkout");

    const pliers = screen.getByLabelText(/Quantity of Pliers/);
    await user.clear(pliers);
    await user.type(pliers, "19");
    expect(messageUnder(/Quantity of Pliers/)).toBe("quantity is required. At least 20 per order.");
    expect(checkoutLink()).toBeNull();
    expect(checkoutButton()).toBeDisabled();

    await user.clear(pliers);
    await user.type(pliers, "1201");
    expect(messageUnder(/Quantity of Pliers/)).toBe("quantity is required. Only 1,200 in stock.");
    expect(checkoutButton()).toBeDisabled();

    await user.clear(pliers);
    expect(messageUnder(/Quantity of Pliers/)).toBe("quantity is required");

    await user.type(pliers, "40");
    await waitFor(() =>
      expect(readVisitorCart()[0]).toEqual({ toolId: PLIERS._id, quantity: 40, seenPrice: 12.5 }),
    );
    expect(screen.getByText(/^Total/).textContent).toBe("Total $678.00");
    expect(checkoutLink()).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Remove Electric Drill" }));
    expect(readVisitorCart().map((line) => line.toolId)).toEqual([PLIERS._id]);
    // The keyboard's place goes back to the cart's heading, and the removal is said.
    await waitFor(() => expect(screen.getByRole("heading", { level: 1, name: "Your cart" })).toHaveFocus());
    expect(notify.info).toHaveBeenCalledWith("Electric Drill removed from your cart.");
  });

  it("blocks checkout for a changed price alone until the customer accepts it", async () => {
    signInAnn();
    let cart = [aCartLine(PLIERS, { price: 13, seenPrice: 12.5, quantity: 20 })];
    const { user } = await open((call) => {
      if (call.method === "PUT") cart = [aCartLine(PLIERS, { price: 13, seenPrice: 13, quantity: 20 })];
      return { status: 200, body: { lines: cart, removedToolIds: [] } };
    });
    expect(await screen.findByText(/Price changed from/)).toBeInTheDocument();
    expect(checkoutButton()).toBeDisabled();
    expect(checkoutLink()).toBeNull();
    await user.click(screen.getByRole("button", { name: "Accept the new price of Pliers" }));
    expect(await screen.findByRole("link", { name: "Checkout" })).toBeInTheDocument();
  });

  it("shows a sold-out tool and a changed price, and allows checkout only once both are settled", async () => {
    signInAnn();
    let cart = [
      aCartLine(PLIERS, { price: 13, seenPrice: 12.5, quantity: 20 }),
      aCartLine(DRILL, { availableQuantity: 0, soldOut: true, quantity: 1 }),
    ];
    const { user, api } = await open((call) => {
      if (call.method === "PUT") {
        const sent = (call.body as { lines: { toolId: string; quantity: number; seenPrice?: number }[] })
          .lines;
        cart = sent.map((line) => {
          const held = cart.find((old) => old.toolId === line.toolId);
          if (!held) throw new Error("unknown line");
          return { ...held, quantity: line.quantity, seenPrice: line.seenPrice ?? held.seenPrice };
        });
      }
      return { status: 200, body: { lines: cart, removedToolIds: [] } };
    });
    expect(await screen.findByText("Sold out")).toBeInTheDocument();
    expect(screen.getByText(/Price changed from/).textContent).toBe("Price changed from $12.50 to $13.00");
    expect(checkoutButton()).toBeDisabled();

    await user.click(screen.getByRole("button", { name: "Accept the new price of Pliers" }));
    await waitFor(() => expect(screen.queryByText(/Price changed from/)).toBeNull());
    expect(api.callsTo("PUT", "/api/cart")[0]?.body).toEqual({
      lines: [
        { toolId: PLIERS._id, quantity: 20, seenPrice: 13 },
        { toolId: DRILL._id, quantity: 1, seenPrice: 89 },
      ],
    });
    // Still sold out: no checkout yet.
    expect(checkoutButton()).toBeDisabled();

    await user.click(screen.getByRole("button", { name: "Remove Electric Drill" }));
    expect(await screen.findByRole("link", { name: "Checkout" })).toBeInTheDocument();
    expect(screen.queryByText("Sold out")).toBeNull();
  });
});

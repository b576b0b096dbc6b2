import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { notify } from "../../../lib/toast";
import { anOrder } from "../../orders/test/orders-data";
import { type ApiAnswer, type ApiCall, apiError, renderScreen } from "../../orders/test/render-with-api";
import { cartApiPerTest } from "../test/cart-api";
import { aCartLine, DRILL, PLIERS, signInAnn } from "../test/cart-data";
import { CartCheckoutScreen } from "./cart-checkout-screen";

vi.mock("../../../lib/toast", () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const PROFILE = {
  email: "ann@example.com",
  displayName: "Ann Lee",
  address: "1 Main St, Springfield",
  phoneNumber: "+1 555-0100",
  education: "",
  location: "",
  linkedin: "",
};
const CART = {
  lines: [aCartLine(PLIERS, { quantity: 40 }), aCartLine(DRILL, { quantity: 2 })],
  removedToolIds: [],
};

describe("the cart's checkout", () => {
  const startApi = cartApiPerTest();
  afterEach(() => {
    vi.mocked(notify.success).mockClear();
  });

  async function open(placeAnswer: ApiAnswer) {
    signInAnn();
    const api = await startApi((call: ApiCall) => {
      if (call.path === "/api/profile") return { status: 200, body: PROFILE };
      if (call.method === "POST" && call.path === "/api/orders") return placeAnswer;
      if (call.method === "PUT") return { status: 200, body: { lines: [], removedToolIds: [] } };
      return { status: 200, body: CART };
    });
    const rendered = renderScreen(<CartCheckoutScreen email="ann@example.com" />, {
      path: "/checkout",
      pattern: "/checkout",
    });
    await screen.findByRole("heading", { level: 2, name: "Your order" });
    return { ...rendered, api };
  }

  it("prefills the profile's address and phone, shows every line and one total, and places the lines as one order", async () => {
    const placed = anOrder({ _id: "0c0c0c0c-1111-4222-8333-444444444444", price: 678 });
    const { user, router, api } = await open({ status: 201, body: placed });
    await waitFor(() =>
      expect((screen.getByLabelText("Address") as HTMLTextAreaElement).value).toBe(PROFILE.address),
    );
    expect((screen.getByLabelText("Phone") as HTMLInputElement).value).toBe(PROFILE.phoneNumber);
    expect(screen.getByText(/^40 ×/).textContent).toBe("40 × $12.50");
    expect(screen.getByText(/^2 ×/).textContent).toBe("2 × $89.00");
    expect(screen.getByText(/^Total/).textContent).toBe("Total $678.00");

    await user.dblClick(screen.getByRole("button", { name: "Place order" }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/dashboard/payment/${placed._id}`));
    const posts = api.callsTo("POST", "/api/orders");
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toEqual({
      lines: [
        { toolId: PLIERS._id, quantity: 40 },
        { toolId: DRILL._id, quantity: 2 },
      ],
      address: PROFILE.address,
      phone: PROFILE.phoneNumber,
      fromCart: true,
    });
    expect(posts[0]?.headers["idempotency-key"]).toMatch(/.{16,}/);
    expect(notify.success).toHaveBeenCalledWith("order is placed go to my order");
    // The server empties the cart in the order's transaction: the web only reads it again.
    await waitFor(() => expect(api.callsTo("GET", "/api/cart").length).toBeGreaterThan(1));
    expect(api.callsTo("PUT", "/api/cart")).toEqual([]);
  });

  it("saves the address and phone typed to the profile when asked, as the one-tool checkout does", async () => {
    const placed = anOrder({ _id: "0c0c0c0c-1111-4222-8333-444444444444", price: 678 });
    const { user, router, api } = await open({ status: 201, body: placed });
    const address = screen.getByLabelText("Address") as HTMLTextAreaElement;
    await waitFor(() => expect(address.value).toBe(PROFILE.address));
    await user.clear(address);
    await user.type(address, "9 Depot Lane");
    await user.click(screen.getByRole("checkbox", { name: "Save to my profile" }));
    await user.click(screen.getByRole("button", { name: "Place order" }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/dashboard/payment/${placed._id}`));
    await expect
      .poll(() => api.callsTo("PUT", "/api/profile")[0]?.body)
      .toEqual({ address: "9 Depot Lane", phoneNumber: PROFILE.phoneNumber });
  });

  it("leaves the profile alone unless asked", async () => {
    const placed = anOrder({ _id: "0c0c0c0c-1111-4222-8333-444444444444", price: 678 });
    const { user, router, api } = await open({ status: 201, body: placed });
    await waitFor(() =>
      expect((screen.getByLabelText("Address") as HTMLTextAreaElement).value).toBe(PROFILE.address),
    );
    expect(screen.getByRole("checkbox", { name: "Save to my profile" })).not.toBeChecked();
    await user.click(screen.getByRole("button", { name: "Place order" }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/dashboard/payment/${placed._id}`));
    expect(api.callsTo("PUT", "/api/profile")).toEqual([]);
  });

  it("shows a 409's short lines next to them, and keeps the cart", async () => {
    const { user, api } = await open(
      apiError(409, "Conflict", "Not enough in stock: Electric Drill (7 left). Nothing was ordered."),
    );
    await waitFor(() =>
      expect((screen.getByLabelText("Address") as HTMLTextAreaElement).value).toBe(PROFILE.address),
    );
    await user.click(screen.getByRole("button", { name: "Place order" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "The order was not placed: Not enough in stock: Electric Drill (7 left).",
    );
    const short = screen.getByText("Not enough in stock for this quantity.");
    expect(short.closest("li")).toHaveTextContent("Electric Drill");
    expect(screen.getAllByText("Not enough in stock for this quantity.")).toHaveLength(1);
    expect(api.callsTo("PUT", "/api/cart")).toEqual([]);
  });

  it("shows the spec's messages for a missing address and phone", async () => {
    signInAnn();
    const api = await startApi((call) =>
      call.path === "/api/profile"
        ? { status: 200, body: { ...PROFILE, address: "", phoneNumber: "" } }
        : { status: 200, body: CART },
    );
    const { user } = renderScreen(<CartCheckoutScreen email="ann@example.com" />);
    await user.click(await screen.findByRole("button", { name: "Place order" }));
    expect(await screen.findByText("address is required")).toBeInTheDocument();
    expect(screen.getByText("Phone is required")).toBeInTheDocument();
    expect(api.callsTo("POST", "/api/orders")).toEqual([]);
  });

  it("sends the customer back to the cart while a line is sold out or changed price", async () => {
    signInAnn();
    await startApi(() => ({
      status: 200,
      body: { lines: [aCartLine(PLIERS, { price: 13, seenPrice: 12.5 })], removedToolIds: [] },
    }));
    renderScreen(<CartCheckoutScreen email="ann@example.com" />);
    expect(await screen.findByRole("link", { name: "Review your cart" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Place order" })).toBeNull();
  });
});

import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { notify } from "../../../lib/toast";
import { anOrder, PLIERS } from "../test/orders-data";
import { apiError, renderScreen, startOrdersApi } from "../test/render-with-api";
import { CheckoutScreen } from "./checkout-screen";

vi.mock("../../../lib/toast", () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

function messageUnder(label: string | RegExp): string | null {
  const input = screen.getByLabelText(label);
  const describedBy = input.getAttribute("aria-describedby");
  return describedBy ? (document.getElementById(describedBy)?.textContent ?? null) : null;
}

describe("the checkout screen", () => {
  let api: Awaited<ReturnType<typeof startOrdersApi>> | undefined;
  afterEach(async () => {
    vi.mocked(notify.success).mockClear();
    await api?.close();
    api = undefined;
  });

  async function openCheckout(
    answer: Parameters<typeof startOrdersApi>[0] = () => ({ status: 200, body: PLIERS }),
  ) {
    api = await startOrdersApi(answer);
    const screenApi = renderScreen(<CheckoutScreen toolId={PLIERS._id} email="ann@example.com" />);
    await screen.findByRole("textbox", { name: "Address" });
    return screenApi;
  }

  it("shows the tool's name and the user's email read-only, and the minimum quantity by default", async () => {
    await openCheckout();
    const name = screen.getByLabelText("Product") as HTMLInputElement;
    const email = screen.getByLabelText("Email") as HTMLInputElement;
    expect(name.value).toBe("Pliers");
    expect(name.readOnly).toBe(true);
    expect(email.value).toBe("ann@example.com");
    expect(email.readOnly).toBe(true);
    expect((screen.getByLabelText(/Quantity/) as HTMLInputElement).value).toBe("20");
  });

  it("links the tool's name to the tool's own page", async () => {
    await openCheckout();
    const link = screen.getByRole("link", { name: "Pliers" });
    expect(link.getAttribute("href")).toBe(`/tools/${PLIERS._id}`);
    expect(link.closest("h2")).toBeInTheDocument();
  });

  it("shows docs/product.md's messages: address, phone, and quantity is required for empty, low and high, with the bound", async () => {
    const { user } = await openCheckout();
    const quantity = screen.getByLabelText(/Quantity/);
    await user.clear(quantity);
    await user.click(screen.getByRole("button", { name: "Place the order" }));
    expect(await screen.findByText("address is required")).toBeInTheDocument();
    expect(messageUnder("Address")).toBe("address is required");
    expect(messageUnder("Phone")).toBe("Phone is required");
    expect(messageUnder(/Quantity/)).toBe("quantity is required");

    await user.type(screen.getByLabelText("Phone"), "call me");
    await user.type(quantity, "19");
    await user.click(screen.getByRole("button", { name: "Place the order" }));
    expect(await screen.findByText("Phone must be a number")).toBeInTheDocument();
    // Below the minimum: the rule is "please enter atleast minimum value", displayed as the spec says,
    // then which bound it is.
    expect(messageUnder(/Quantity/)).toBe("quantity is required. At least 20 per order.");

    await user.clear(quantity);
    await user.type(quantity, "1201");
    await user.click(screen.getByRole("button", { name: "Place the order" }));
    expect(messageUnder(/Quantity/)).toBe("quantity is required. Only 1,200 in stock.");
    expect(api?.callsTo("POST", "/api/orders")).toEqual([]);
  });

  it("places one order for a double click, with the visit's Idempotency-Key, and says so", async () => {
    const { user } = await openCheckout((call) =>
      call.method === "POST"
        ? { status: 201, body: anOrder({ quantity: 25, price: 312.5 }), delayMs: 300 }
        : { status: 200, body: PLIERS },
    );
    await user.type(screen.getByLabelText("Address"), "1 Main St");
    await user.type(screen.getByLabelText("Phone"), "+1 555-0100");
    await user.clear(screen.getByLabelText(/Quantity/));
    await user.type(screen.getByLabelText(/Quantity/), "25");
    const submit = screen.getByRole("button", { name: "Place the order" });
    await user.dblClick(submit);
    expect(await screen.findByRole("button", { name: "Placing the order…" })).toHaveProperty(
      "disabled",
      true,
    );

    expect(await screen.findByRole("link", { name: "Go to My orders" })).toBeInTheDocument();
    const posts = api?.callsTo("POST", "/api/orders") ?? [];
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toEqual({
      toolId: PLIERS._id,
      address: "1 Main St",
      phone: "+1 555-0100",
      quantity: 25,
    });
    expect(posts[0]?.headers["idempotency-key"]).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(notify.success).toHaveBeenCalledWith("order is placed go to my order");
  });

  it("shows the server's refusal in plain words and sends the same key when the user tries again", async () => {
    let posts = 0;
    const { user } = await openCheckout((call) => {
      if (call.method !== "POST") return { status: 200, body: PLIERS };
      posts += 1;
      return posts === 1
        ? apiError(409, "Conflict", "Not enough stock: only 5 units of Pliers are available.")
        : { status: 201, body: anOrder() };
    });
    await user.type(screen.getByLabelText("Address"), "1 Main St");
    await user.type(screen.getByLabelText("Phone"), "5550100");
    await user.click(screen.getByRole("button", { name: "Place the order" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "The order was not placed: Not enough stock: only 5 units of Pliers are available.",
    );
    expect(notify.success).not.toHaveBeenCalled();

    await user.click(screen.getByRole("button", { name: "Place the order" }));
    await screen.findByRole("link", { name: "Go to My orders" });
    const keys = api?.callsTo("POST", "/api/orders").map((call) => call.headers["idempotency-key"]);
    expect(keys).toHaveLength(2);
    expect(keys?.[0]).toBe(keys?.[1]);
  });

  it("says a sold-out tool is sold out instead of showing the form", async () => {
    api = await startOrdersApi(() => ({ status: 200, body: { ...PLIERS, availableQuantity: 5 } }));
    renderScreen(<CheckoutScreen toolId={PLIERS._id} email="ann@example.com" />);
    expect(await screen.findByText("Pliers is sold out.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Place the order" })).not.toBeInTheDocument();
  });

  it('says "Only N left" beside a tool low on stock', async () => {
    await openCheckout(() => ({ status: 200, body: { ...PLIERS, availableQuantity: 35 } }));
    expect(screen.getByText("Only 35 left")).toBeInTheDocument();
    expect(screen.getByText("(20 to 35)")).toBeInTheDocument();
  });

  it("re-checks the tool when the stock moved under the customer, and says why it is sold out", async () => {
    let tool = PLIERS;
    const { user } = await openCheckout((call) => {
      if (call.method !== "POST") return { status: 200, body: tool };
      // Someone else took the stock between opening the page and placing the order.
      tool = { ...PLIERS, availableQuantity: 5 };
      return apiError(409, "Conflict", "Not enough stock: Pliers is sold out.");
    });
    await user.type(screen.getByLabelText("Address"), "1 Main St");
    await user.type(screen.getByLabelText("Phone"), "5550100");
    await user.click(screen.getByRole("button", { name: "Place the order" }));

    expect(await screen.findByText("Pliers is sold out.")).toBeInTheDocument();
    expect(screen.getByRole("alert").textContent).toBe(
      "The order was not placed: Not enough stock: Pliers is sold out.",
    );
    expect(screen.queryByRole("button", { name: "Place the order" })).not.toBeInTheDocument();
    expect(api?.callsTo("GET", `/api/tools/${PLIERS._id}`)).toHaveLength(2);
  });

  it("keeps the form with the new bounds when some stock is left, and says why", async () => {
    let tool = PLIERS;
    const { user } = await openCheckout((call) => {
      if (call.method !== "POST") return { status: 200, body: tool };
      tool = { ...PLIERS, availableQuantity: 30 };
      return apiError(409, "Conflict", "Not enough stock: only 30 units of Pliers are available.");
    });
    await user.type(screen.getByLabelText("Address"), "1 Main St");
    await user.type(screen.getByLabelText("Phone"), "5550100");
    await user.clear(screen.getByLabelText(/Quantity/));
    await user.type(screen.getByLabelText(/Quantity/), "40");
    await user.click(screen.getByRole("button", { name: "Place the order" }));

    expect((await screen.findByRole("alert")).textContent).toBe(
      "The order was not placed: Not enough stock: only 30 units of Pliers are available.",
    );
    expect(await screen.findByText("Only 30 left")).toBeInTheDocument();
    expect(screen.getByText("(20 to 30)")).toBeInTheDocument();
    // The form now checks the new stock itself: 40 is more than is left.
    await user.click(screen.getByRole("button", { name: "Place the order" }));
    expect(await screen.findByText("quantity is required. Only 30 in stock.")).toBeInTheDocument();
    expect(api?.callsTo("POST", "/api/orders")).toHaveLength(1);
  });

  it("fills address and phone from the profile, and saves the typed ones to it when asked", async () => {
    const saved = { email: "ann@example.com", displayName: "Ann", address: "9 Old Road", education: "" };
    const profile = { ...saved, phoneNumber: "555 0199", location: "", linkedin: "" };
    const { user } = await openCheckout((call) => {
      if (call.path === "/api/profile") return { status: 200, body: profile };
      if (call.method === "POST") return { status: 201, body: anOrder({ quantity: 25, price: 312.5 }) };
      return { status: 200, body: PLIERS };
    });
    const address = screen.getByLabelText("Address") as HTMLTextAreaElement;
    await expect.poll(() => address.value).toBe("9 Old Road");
    expect((screen.getByLabelText("Phone") as HTMLInputElement).value).toBe("555 0199");
    await user.clear(address);
    await user.type(address, "1 New Street");
    await user.click(screen.getByRole("checkbox", { name: "Save to my profile" }));
    await user.click(screen.getByRole("button", { name: "Place the order" }));

    await expect
      .poll(() => api?.callsTo("PUT", "/api/profile")[0]?.body)
      .toEqual({
        address: "1 New Street",
        phoneNumber: "555 0199",
      });
    expect(api?.callsTo("POST", "/api/orders")[0]?.body).toMatchObject({ address: "1 New Street" });
  });

  it("shows a loading state, then says when there is no such tool", async () => {
    api = await startOrdersApi(() => ({
      ...apiError(404, "Not Found", "There is no tool with this id."),
      delayMs: 100,
    }));
    renderScreen(<CheckoutScreen toolId={PLIERS._id} email="ann@example.com" />);
    expect(screen.getByRole("status", { name: "Loading the tool" })).toBeInTheDocument();
    expect(await screen.findByText("This tool does not exist or is no longer sold.")).toBeInTheDocument();
  });
});

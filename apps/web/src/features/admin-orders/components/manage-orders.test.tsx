import type { IncomingMessage } from "node:http";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { ToastHost } from "../../../components/toast-host";
import { sendJson, startTestApi } from "../../../test/http-test-server";
import { anOrder } from "../../orders/test/orders-data";
import { ManageOrders } from "./manage-orders";

async function readBody(request: IncomingMessage): Promise<string> {
  let body = "";
  for await (const chunk of request) body += chunk;
  return body;
}

describe("ManageOrders", () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  it("filters by status and ships a paid order with carrier and tracking number, after asking", async () => {
    const paid = anOrder({
      _id: "11111111-1111-4111-8111-111111111111",
      status: "paid",
      paid: true,
      transactionId: "pi_1",
    });
    const unpaid = anOrder({ email: "bob@example.com" });
    let orders = [paid, unpaid];
    const calls: string[] = [];
    const bodies: unknown[] = [];
    ({ close } = await startTestApi(async (request, response) => {
      calls.push(`${request.method} ${request.url}`);
      if (request.method === "POST") {
        bodies.push(JSON.parse(await readBody(request)));
        orders = orders.map((item) => (item._id === paid._id ? { ...item, status: "shipped" } : item));
        sendJson(response, 200, orders[0]);
        return;
      }
      const status = new URL(request.url ?? "", "http://x").searchParams.get("status");
      sendJson(response, 200, status ? orders.filter((item) => item.status === status) : orders);
    }));
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        {/* The cards link to each order's page. */}
        <MemoryRouter>
          <ManageOrders />
        </MemoryRouter>
        <ToastHost />
      </QueryClientProvider>,
    );

    const list = await screen.findByRole("list", { name: "Orders" });
    expect(
      within(list)
        .getAllByRole("article")
        .map((card) => card.getAttribute("aria-label")),
    ).toEqual(["Pliers for ann@example.com", "Pliers for bob@example.com"]);
    // Only the paid order can be shipped, only the unpaid one cancelled.
    expect(screen.getAllByRole("button", { name: /^Ship/ })).toHaveLength(1);
    expect(screen.getAllByRole("button", { name: /^Cancel/ })).toHaveLength(1);

    await user.click(screen.getByRole("radio", { name: "Paid" }));
    await expect.poll(() => calls).toContain("GET /api/orders?status=paid");
    await user.click(await screen.findByRole("button", { name: "Ship Pliers for ann@example.com" }));
    const dialog = await screen.findByRole("dialog", { name: "Ship this order?" });
    expect(within(dialog).getByLabelText("Carrier")).toHaveFocus();
    await user.click(within(dialog).getByRole("button", { name: "Ship" }));
    // The route's schema's messages, each under its field and read out with it.
    expect(await within(dialog).findByText("Carrier is required")).toBeInTheDocument();
    expect(within(dialog).getByLabelText("Carrier")).toHaveAccessibleDescription("Carrier is required");
    expect(within(dialog).getByLabelText("Carrier")).toHaveAttribute("aria-invalid", "true");
    expect(within(dialog).getByLabelText("Tracking number")).toHaveAccessibleDescription(
      "Tracking number is required",
    );
    expect(within(dialog).getByLabelText("Carrier")).toHaveFocus();
    expect(calls.filter((call) => call.startsWith("POST"))).toEqual([]);
    await user.type(within(dialog).getByLabelText("Carrier"), "UPS");
    await user.type(within(dialog).getByLabelText("Tracking number"), "1Z999");
    await user.click(within(dialog).getByRole("button", { name: "Ship" }));
    expect(await screen.findByText("Pliers for ann@example.com is marked shipped")).toBeInTheDocument();
    expect(bodies).toEqual([{ carrier: "UPS", trackingNumber: "1Z999" }]);
    expect(calls).toContain(`POST /api/orders/${paid._id}/ship`);
    expect(await screen.findByText("There are no paid orders.")).toBeInTheDocument();

    await user.click(screen.getByRole("radio", { name: "Shipped" }));
    const shipped = await screen.findByRole("article", { name: "Pliers for ann@example.com" });
    expect(within(shipped).getByText("Shipped")).toBeInTheDocument();
    expect(
      within(shipped).getByRole("button", { name: "Mark delivered Pliers for ann@example.com" }),
    ).toBeInTheDocument();
  });
});

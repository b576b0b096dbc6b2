import type { IncomingMessage } from "node:http";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { Order } from "@toolshop/shared/orders";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { ToastHost } from "../../../components/toast-host";
import { sendJson, startTestApi } from "../../../test/http-test-server";
import { aTwoLineOrder } from "../../orders/test/orders-data";
import { ManageOrders } from "./manage-orders";

async function readBody(request: IncomingMessage): Promise<string> {
  let body = "";
  for await (const chunk of request) body += chunk;
  return body;
}

const PAID = aTwoLineOrder({ status: "paid", paid: true, transactionId: "pi_2", holdsUntil: null });
const CARD = "Cart Clamp and 1 more tool for ann@example.com";

describe("Manage Orders' refund of a several-line order", () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  /**
   * Manage Orders over a server holding the one order (paid unless given), as the server answers a
   * refund: a whole one refunds it, one of lines adds their units; what the refund POSTs is kept.
   */
  async function open(first: Order = PAID, dialogName = "Refund this order?") {
    let order: Order = first;
    const posts: { url: string | undefined; body: string }[] = [];
    ({ close } = await startTestApi(async (request, response) => {
      if (request.method === "POST") {
        const body = await readBody(request);
        posts.push({ url: request.url, body });
        const units = new Map<string, number>(
          body
            ? (JSON.parse(body) as { lines: { toolId: string; quantity: number }[] }).lines.map((line) => [
                line.toolId,
                line.quantity,
              ])
            : [],
        );
        order = {
          ...order,
          status: body ? order.status : "refunded",
          lines: order.lines.map((line) => ({
            ...line,
            refundedQuantity: body
              ? line.refundedQuantity + (units.get(line.toolId ?? "") ?? 0)
              : line.quantity,
          })),
        };
        sendJson(response, 200, order);
        return;
      }
      sendJson(response, 200, [{ ...order, number: "TS-000007" }]);
    }));
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <ManageOrders />
        </MemoryRouter>
        <ToastHost />
      </QueryClientProvider>,
    );
    const card = await screen.findByRole("article", { name: CARD });
    expect(
      within(within(card).getByRole("list", { name: "Tools in Cart Clamp and 1 more tool" }))
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["4 × Cart Clamp Part number CL-4", "3 × Cart Meter Part number MT-3"]);
    await user.click(within(card).getByRole("button", { name: `Refund ${CARD}` }));
    const dialog = await screen.findByRole("dialog", { name: dialogName });
    return { user, card, dialog, posts };
  }

  it("refunds the whole order by default, with no body, and says the amount first", async () => {
    const { user, dialog, posts } = await open();
    expect(dialog.textContent).toContain("4 × Cart Clamp, 3 × Cart Meter for ann@example.com.");
    expect(within(dialog).getByRole("radio", { name: "The whole order" })).toBeChecked();
    expect(within(dialog).getByText(/^Amount to refund/).textContent).toBe("Amount to refund: $188.00");
    await user.click(within(dialog).getByRole("button", { name: "Yes, refund" }));
    expect(await screen.findByText(`${CARD} is refunded`)).toBeInTheDocument();
    expect(posts).toEqual([{ url: `/api/orders/${PAID._id}/refund`, body: "" }]);
  });

  it("refunds chosen units of chosen lines, sending them, and shows the amount as they are typed", async () => {
    const { user, dialog, posts } = await open();
    await user.click(within(dialog).getByRole("radio", { name: "Chosen tools" }));
    const amount = within(dialog).getByText(/^Amount to refund/);
    expect(amount.textContent).toBe("Amount to refund: $0.00");

    // Nothing chosen, or more than is left: refused in the dialog, nothing sent.
    await user.click(within(dialog).getByRole("button", { name: "Yes, refund" }));
    expect(within(dialog).getByRole("alert").textContent).toBe("Choose at least one unit to refund.");
    const meter = within(dialog).getByLabelText("Units of Cart Meter to refund");
    await user.clear(meter);
    await user.type(meter, "4");
    await user.click(within(dialog).getByRole("button", { name: "Yes, refund" }));
    expect(within(dialog).getByRole("alert").textContent).toBe("Refund between 0 and 3 units of Cart Meter.");
    expect(posts).toEqual([]);

    await user.clear(meter);
    await user.type(meter, "2");
    expect(amount.textContent).toBe("Amount to refund: $84.00");
    const clamp = within(dialog).getByLabelText("Units of Cart Clamp to refund");
    await user.clear(clamp);
    await user.type(clamp, "1");
    expect(amount.textContent).toBe("Amount to refund: $99.50");
    await user.click(within(dialog).getByRole("button", { name: "Yes, refund" }));

    expect(await screen.findByText(`$99.50 of ${CARD} is refunded`)).toBeInTheDocument();
    expect(posts.map((post) => [post.url, JSON.parse(post.body)])).toEqual([
      [
        `/api/orders/${PAID._id}/refund`,
        {
          lines: [
            { toolId: PAID.lines[0]?.toolId, quantity: 1 },
            { toolId: PAID.lines[1]?.toolId, quantity: 2 },
          ],
        },
      ],
    ]);
    // The card says what was refunded of each line.
    const card = await screen.findByRole("article", { name: CARD });
    await expect
      .poll(() =>
        within(card)
          .getAllByRole("listitem")
          .map((item) => item.textContent),
      )
      .toEqual([
        "4 × Cart Clamp Part number CL-4 (1 refunded)",
        "3 × Cart Meter Part number MT-3 (2 refunded)",
      ]);
  });

  it("refunds chosen units of a delivered order, which offers no whole refund and stays delivered", async () => {
    const delivered = aTwoLineOrder({
      status: "delivered",
      paid: true,
      transactionId: "pi_2",
      holdsUntil: null,
    });
    const { user, dialog, posts } = await open(delivered, "Refund units of this order?");
    expect(dialog.textContent).toContain(
      "4 × Cart Clamp, 3 × Cart Meter for ann@example.com. Choose the units to refund:",
    );
    // No whole refund to choose: the table has no way from delivered to refunded.
    expect(within(dialog).queryAllByRole("radio")).toEqual([]);
    const units = within(dialog).getByRole("group", { name: "Units to refund" });
    const amount = within(dialog).getByText(/^Amount to refund/);
    expect(amount.textContent).toBe("Amount to refund: $0.00");
    await user.click(within(dialog).getByRole("button", { name: "Yes, refund" }));
    expect(within(dialog).getByRole("alert").textContent).toBe("Choose at least one unit to refund.");
    expect(posts).toEqual([]);

    const meter = within(units).getByLabelText("Units of Cart Meter to refund");
    await user.clear(meter);
    await user.type(meter, "3");
    expect(amount.textContent).toBe("Amount to refund: $126.00");
    await user.click(within(dialog).getByRole("button", { name: "Yes, refund" }));
    expect(await screen.findByText(`$126.00 of ${CARD} is refunded`)).toBeInTheDocument();
    expect(posts.map((post) => [post.url, JSON.parse(post.body)])).toEqual([
      [
        `/api/orders/${delivered._id}/refund`,
        { lines: [{ toolId: delivered.lines[1]?.toolId, quantity: 3 }] },
      ],
    ]);

    // Still delivered, the meters refunded; the clamps are left to refund, and then nothing is.
    const card = screen.getByRole("article", { name: CARD });
    await expect
      .poll(() =>
        within(card)
          .getAllByRole("listitem")
          .map((item) => item.textContent),
      )
      .toEqual(["4 × Cart Clamp Part number CL-4", "3 × Cart Meter Part number MT-3 (3 refunded)"]);
    expect(within(card).getByText("Delivered")).toBeInTheDocument();
    await user.click(within(card).getByRole("button", { name: `Refund ${CARD}` }));
    const again = await screen.findByRole("dialog", { name: "Refund units of this order?" });
    expect(
      within(again)
        .getAllByRole("spinbutton")
        .map((field) => field.getAttribute("id")),
    ).toEqual([`refund-units-${delivered.lines[0]?.toolId}`]);
    const clamp = within(again).getByLabelText("Units of Cart Clamp to refund");
    await user.clear(clamp);
    await user.type(clamp, "4");
    await user.click(within(again).getByRole("button", { name: "Yes, refund" }));
    expect(await screen.findByText(`$62.00 of ${CARD} is refunded`)).toBeInTheDocument();
    await expect.poll(() => within(card).queryAllByRole("button").length).toBe(0);
    expect(within(card).getByText("Delivered")).toBeInTheDocument();
  });
});

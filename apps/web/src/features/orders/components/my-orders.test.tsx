import { screen, within } from "@testing-library/react";
import { ACCESS_TOKEN_STORAGE_KEY } from "@toolshop/shared/constants";
import { afterEach, describe, expect, it, vi } from "vitest";
import { setUnauthorizedHandler } from "../../../lib/api-client";
import { notify } from "../../../lib/toast";
import { anOrder } from "../test/orders-data";
import { apiError, renderScreen, startOrdersApi } from "../test/render-with-api";
import { MyOrders } from "./my-orders";

vi.mock("../../../lib/toast", () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const UNPAID = anOrder({ _id: "11111111-1111-4111-8111-111111111111", name: "Fish Tape" });
const PAID = anOrder({
  _id: "22222222-2222-4222-8222-222222222222",
  name: "Level",
  paid: true,
  status: "paid",
  transactionId: "pi_test_paid123",
});
const SHIPPED = anOrder({
  _id: "33333333-3333-4333-8333-333333333333",
  name: "Voltage Tester",
  paid: true,
  status: "shipped",
  transactionId: "pi_test_shipped456",
});

function card(name: string) {
  return screen.getByRole("article", { name });
}

describe("My orders", () => {
  let api: Awaited<ReturnType<typeof startOrdersApi>> | undefined;
  afterEach(async () => {
    vi.mocked(notify.success).mockClear();
    vi.mocked(notify.error).mockClear();
    await api?.close();
    api = undefined;
  });

  async function openMyOrders(
    deleteAnswer: () => ReturnType<typeof apiError> = () => ({
      status: 200,
      body: { deletedCount: 1 },
    }),
  ) {
    let orders = [UNPAID, PAID, SHIPPED];
    api = await startOrdersApi((call) => {
      if (call.method === "DELETE") {
        const answer = deleteAnswer();
        if (answer.status === 200) orders = orders.filter((order) => !call.path.endsWith(order._id));
        return answer;
      }
      return { status: 200, body: orders };
    });
    const rendered = renderScreen(<MyOrders email="ann@example.com" />);
    await screen.findByRole("article", { name: "Fish Tape" });
    return rendered;
  }

  it("shows each order's details; paid and shipped ones their payment id and no Delete", async () => {
    await openMyOrders();
    expect(api?.calls[0]?.path).toBe("/api/orders/ann%40example.com");
    const unpaid = within(card("Fish Tape"));
    expect(unpaid.getByText("Unpaid")).toBeInTheDocument();
    expect(unpaid.getByText("$250.00")).toBeInTheDocument();
    expect(unpaid.getByText("1 Main St, Springfield")).toBeInTheDocument();
    expect(unpaid.getByText("+1 555-0100")).toBeInTheDocument();
    expect(unpaid.getByRole("link", { name: "Pay for Fish Tape" }).getAttribute("href")).toBe(
      `/dashboard/payment/${UNPAID._id}`,
    );
    expect(unpaid.getByRole("button", { name: "Delete Fish Tape" })).toBeInTheDocument();

    const paid = within(card("Level"));
    expect(paid.getByText("Paid")).toBeInTheDocument();
    expect(paid.getByText("pi_test_paid123")).toBeInTheDocument();
    expect(paid.queryByRole("button", { name: /Delete/ })).not.toBeInTheDocument();
    expect(paid.queryByRole("link", { name: /Pay/ })).not.toBeInTheDocument();

    const shipped = within(card("Voltage Tester"));
    expect(shipped.getByText("Shipped")).toBeInTheDocument();
    expect(shipped.getByText("pi_test_shipped456")).toBeInTheDocument();
    expect(shipped.queryByRole("button", { name: /Delete/ })).not.toBeInTheDocument();
  });

  it("asks before deleting; cancelling keeps the order and sends nothing", async () => {
    const { user } = await openMyOrders();
    await user.click(screen.getByRole("button", { name: "Delete Fish Tape" }));
    const dialog = screen.getByRole("dialog", { name: "Delete this order?" });
    expect(dialog.textContent).toContain("20 × Fish Tape will be deleted");
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));

    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(card("Fish Tape")).toBeInTheDocument();
    expect(api?.callsTo("DELETE", `/api/orders/${UNPAID._id}`)).toEqual([]);
  });

  it('deletes after confirmation and toasts "<name> Delete succesfully"', async () => {
    const { user } = await openMyOrders();
    await user.click(screen.getByRole("button", { name: "Delete Fish Tape" }));
    await user.click(screen.getByRole("button", { name: "Yes, delete" }));

    await vi.waitFor(() =>
      expect(screen.queryByRole("article", { name: "Fish Tape" })).not.toBeInTheDocument(),
    );
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(api?.callsTo("DELETE", `/api/orders/${UNPAID._id}`)).toHaveLength(1);
    expect(notify.success).toHaveBeenCalledWith("Fish Tape Delete succesfully");
  });

  it('says "please try again" when nothing was deleted', async () => {
    const { user } = await openMyOrders(() => ({ status: 200, body: { deletedCount: 0 } }));
    await user.click(screen.getByRole("button", { name: "Delete Fish Tape" }));
    await user.click(screen.getByRole("button", { name: "Yes, delete" }));
    await vi.waitFor(() => expect(notify.error).toHaveBeenCalledWith("please try again"));
    expect(notify.success).not.toHaveBeenCalled();
  });

  it("shows the server's refusal inside the dialog", async () => {
    const { user } = await openMyOrders(() => apiError(409, "Conflict", "A paid order cannot be deleted."));
    await user.click(screen.getByRole("button", { name: "Delete Fish Tape" }));
    await user.click(screen.getByRole("button", { name: "Yes, delete" }));
    const dialog = screen.getByRole("dialog", { name: "Delete this order?" });
    expect((await within(dialog).findByRole("alert")).textContent).toBe("A paid order cannot be deleted.");
  });

  it("shows an empty state with a link to the tools", async () => {
    api = await startOrdersApi(() => ({ status: 200, body: [] }));
    renderScreen(<MyOrders email="ann@example.com" />);
    expect(await screen.findByText("You have no orders yet.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Browse the tools" }).getAttribute("href")).toBe("/#tools");
  });

  it("shows the first page, then the next one after Load more, announcing the count", async () => {
    const later = anOrder({ _id: "44444444-4444-4444-8444-444444444444", name: "Pliers" });
    api = await startOrdersApi((call) =>
      call.path.endsWith("?cursor=page-2")
        ? { status: 200, body: [later] }
        : { status: 200, body: [UNPAID, PAID], headers: { "X-Next-Cursor": "page-2" } },
    );
    const { user } = renderScreen(<MyOrders email="ann@example.com" />);
    await screen.findByRole("article", { name: "Fish Tape" });
    expect(screen.getByText("2 orders shown")).toBeInTheDocument();
    expect(screen.queryByRole("article", { name: "Pliers" })).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Load more" }));
    expect(await screen.findByRole("article", { name: "Pliers" })).toBeInTheDocument();
    expect(api.calls.map((call) => call.path)).toEqual([
      "/api/orders/ann%40example.com",
      "/api/orders/ann%40example.com?cursor=page-2",
    ]);
    expect(screen.getAllByRole("article")).toHaveLength(3);
    expect(screen.getByText("3 orders shown")).toBeInTheDocument();
    // The last page has no X-Next-Cursor: nothing more to load.
    expect(screen.queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();
  });

  it("keeps the orders shown when the next page fails, says why, and loads it on a second try", async () => {
    let failNext = true;
    const later = anOrder({ _id: "44444444-4444-4444-8444-444444444444", name: "Pliers" });
    api = await startOrdersApi((call) => {
      if (!call.path.includes("cursor=")) {
        return { status: 200, body: [UNPAID], headers: { "X-Next-Cursor": "page-2" } };
      }
      if (failNext) {
        failNext = false;
        return apiError(400, "Bad Request", "The cursor is not one this server gave");
      }
      return { status: 200, body: [later] };
    });
    const { user } = renderScreen(<MyOrders email="ann@example.com" />);
    await screen.findByRole("article", { name: "Fish Tape" });
    await user.click(screen.getByRole("button", { name: "Load more" }));
    expect((await screen.findByRole("alert")).textContent).toBe("The cursor is not one this server gave");
    expect(screen.getByRole("article", { name: "Fish Tape" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Load more" }));
    expect(await screen.findByRole("article", { name: "Pliers" })).toBeInTheDocument();
  });

  it("sends the access token with every page, and a 401 signs out", async () => {
    localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, "token-123");
    const signOut = vi.fn();
    const unregister = setUnauthorizedHandler(signOut);
    try {
      api = await startOrdersApi((call) =>
        call.path.includes("cursor=")
          ? apiError(401, "Unauthorized", "Please sign in to continue.")
          : { status: 200, body: [UNPAID], headers: { "X-Next-Cursor": "page-2" } },
      );
      const { user } = renderScreen(<MyOrders email="ann@example.com" />);
      await user.click(await screen.findByRole("button", { name: "Load more" }));
      await vi.waitFor(() => expect(signOut).toHaveBeenCalledTimes(1));
      expect(api.calls.map((call) => call.headers.authorization)).toEqual([
        "Bearer token-123",
        "Bearer token-123",
      ]);
    } finally {
      unregister();
      localStorage.removeItem(ACCESS_TOKEN_STORAGE_KEY);
    }
  });
});

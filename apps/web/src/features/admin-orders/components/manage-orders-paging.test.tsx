import { screen, within } from "@testing-library/react";
import { ACCESS_TOKEN_STORAGE_KEY } from "@toolshop/shared/constants";
import { afterEach, describe, expect, it, vi } from "vitest";
import { setUnauthorizedHandler } from "../../../lib/api-client";
import { anOrder } from "../../orders/test/orders-data";
import {
  type ApiAnswer,
  type ApiCall,
  apiError,
  renderScreen,
  startOrdersApi,
} from "../../orders/test/render-with-api";
import { ManageOrders, totalLabel } from "./manage-orders";

vi.mock("../../../lib/toast", () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const ann = (n: number, overrides = {}) =>
  anOrder({
    _id: `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
    email: `ann${n}@example.com`,
    ...overrides,
  });

const listed = () =>
  within(screen.getByRole("list", { name: "Orders" }))
    .getAllByRole("article")
    .map((card) => card.getAttribute("aria-label"));

const gets = (calls: ApiCall[]) => calls.filter((call) => call.method === "GET").map((call) => call.path);

describe("Manage Orders: search, date range and pages", () => {
  let api: Awaited<ReturnType<typeof startOrdersApi>> | undefined;
  afterEach(async () => {
    await api?.close();
    api = undefined;
  });

  it("says 'about N' for an estimate and N for an exact count", () => {
    expect(totalLabel({ count: 747_595, estimated: true })).toBe("about 750,000 orders");
    expect(totalLabel({ count: 1, estimated: false })).toBe("1 order");
    expect(totalLabel({ count: 1234, estimated: false })).toBe("1,234 orders");
  });

  it("sends the URL's filters, shows the estimated total, and loads the next page with the same filters", async () => {
    api = await startOrdersApi((call): ApiAnswer => {
      const url = new URL(call.path, "http://x");
      if (url.searchParams.get("cursor") === "c2") return { status: 200, body: [ann(3)] };
      return {
        status: 200,
        body: [ann(1), ann(2)],
        headers: { "X-Next-Cursor": "c2", "X-Total-Count": "747595", "X-Total-Estimated": "true" },
      };
    });
    renderScreen(<ManageOrders />, { path: "/?status=paid&q=ann&from=2026-11-01&to=2026-11-20" });
    expect(await screen.findByText("about 750,000 orders, 2 shown")).toBeInTheDocument();
    expect(listed()).toEqual(["Pliers for ann1@example.com", "Pliers for ann2@example.com"]);
    expect((screen.getByLabelText("Order number or customer email") as HTMLInputElement).value).toBe("ann");
    expect((screen.getByLabelText("From") as HTMLInputElement).value).toBe("2026-11-01");
    expect((screen.getByRole("radio", { name: "Paid" }) as HTMLInputElement).checked).toBe(true);

    screen.getByRole("button", { name: "Load more" }).click();
    await vi.waitFor(() => expect(listed()).toHaveLength(3));
    expect(gets(api.calls)).toEqual([
      "/api/orders?status=paid&q=ann&from=2026-11-01&to=2026-11-20",
      "/api/orders?status=paid&q=ann&from=2026-11-01&to=2026-11-20&cursor=c2",
    ]);
    // The last page has no cursor: nothing more to load.
    expect(screen.queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();
  });

  it("puts a search and a date range in the URL and shows the exact count", async () => {
    api = await startOrdersApi((call): ApiAnswer => {
      const search = new URL(call.path, "http://x").searchParams;
      return search.get("q")
        ? { status: 200, body: [ann(7)], headers: { "X-Total-Count": "1", "X-Total-Estimated": "false" } }
        : {
            status: 200,
            body: [ann(1), ann(2)],
            headers: { "X-Total-Count": "2", "X-Total-Estimated": "false" },
          };
    });
    const { user, router } = renderScreen(<ManageOrders />);
    expect(await screen.findByText("2 orders")).toBeInTheDocument();
    await user.type(screen.getByLabelText("Order number or customer email"), "ts-000007");
    await user.type(screen.getByLabelText("From"), "2026-11-01");
    await user.click(screen.getByRole("button", { name: "Search" }));
    expect(await screen.findByText("1 order")).toBeInTheDocument();
    expect(listed()).toEqual(["Pliers for ann7@example.com"]);
    expect(router.state.location.search).toBe("?q=ts-000007&from=2026-11-01");
    expect(gets(api.calls).at(-1)).toBe("/api/orders?q=ts-000007&from=2026-11-01");

    // Back returns to the unfiltered list, and the box shows what the list shows.
    await router.navigate(-1);
    expect(await screen.findByText("2 orders")).toBeInTheDocument();
    expect((screen.getByLabelText("Order number or customer email") as HTMLInputElement).value).toBe("");
  });

  it("explains a start date after the end date instead of asking the server", async () => {
    api = await startOrdersApi(() => ({ status: 200, body: [] }));
    const { user } = renderScreen(<ManageOrders />);
    expect(
      await screen.findByText("There are no orders yet, apart from cancelled ones."),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText("From"), "2026-11-20");
    await user.type(screen.getByLabelText("To"), "2026-11-01");
    await user.click(screen.getByRole("button", { name: "Search" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "The start date must be on or before the end date",
    );
    expect(screen.getByLabelText("To").getAttribute("aria-invalid")).toBe("true");
    expect(gets(api.calls)).toEqual(["/api/orders"]);
  });

  it("says when nothing matches a search", async () => {
    api = await startOrdersApi(() => ({
      status: 200,
      body: [],
      headers: { "X-Total-Count": "0", "X-Total-Estimated": "false" },
    }));
    renderScreen(<ManageOrders />, { path: "/?q=nobody" });
    expect(await screen.findByText("No orders match this search.")).toBeInTheDocument();
    expect(screen.getByText("0 orders")).toBeInTheDocument();
  });

  it("refreshes every loaded page after a command", async () => {
    let cancelled = false;
    api = await startOrdersApi((call): ApiAnswer => {
      if (call.method === "POST") {
        cancelled = true;
        return { status: 200, body: ann(3, { status: "cancelled" }) };
      }
      const cursor = new URL(call.path, "http://x").searchParams.get("cursor");
      if (cursor === "c2") return { status: 200, body: cancelled ? [] : [ann(3)] };
      return {
        status: 200,
        body: [ann(1, { status: "paid", paid: true })],
        headers: { "X-Next-Cursor": "c2" },
      };
    });
    const { user } = renderScreen(<ManageOrders />);
    await user.click(await screen.findByRole("button", { name: "Load more" }));
    await user.click(await screen.findByRole("button", { name: "Cancel Pliers for ann3@example.com" }));
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("button", { name: "Yes, cancel the order" }));
    await vi.waitFor(() => expect(listed()).toEqual(["Pliers for ann1@example.com"]));
    expect(api.calls.filter((call) => call.method === "POST").map((call) => call.path)).toEqual([
      `/api/orders/${ann(3)._id}/cancel`,
    ]);
  });

  it("sends the access token, shows the server's sentence for a refusal, and a 401 signs out", async () => {
    localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, "admin-token");
    const signOut = vi.fn();
    const unregister = setUnauthorizedHandler(signOut);
    try {
      api = await startOrdersApi((call) =>
        call.path.includes("q=")
          ? apiError(401, "Unauthorized", "Please sign in to continue.")
          : apiError(403, "Forbidden", "Only an admin can do this."),
      );
      renderScreen(<ManageOrders />, { path: "/?status=paid" });
      expect((await screen.findByRole("alert")).textContent).toContain("Only an admin can do this.");
      expect(api.calls[0]?.headers.authorization).toBe("Bearer admin-token");
      expect(signOut).not.toHaveBeenCalled();
      await api.close();
      api = await startOrdersApi(() => apiError(401, "Unauthorized", "Please sign in to continue."));
      renderScreen(<ManageOrders />, { path: "/?q=ann" });
      await vi.waitFor(() => expect(signOut).toHaveBeenCalled());
    } finally {
      unregister();
      localStorage.removeItem(ACCESS_TOKEN_STORAGE_KEY);
    }
  });
});

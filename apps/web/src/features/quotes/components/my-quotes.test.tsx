import { screen, waitFor, within } from "@testing-library/react";
import { NEXT_CURSOR_HEADER } from "@toolshop/shared/paths";
import { afterEach, describe, expect, it } from "vitest";
import {
  type ApiAnswer,
  type ApiCall,
  apiError,
  renderScreen,
  startOrdersApi,
} from "../../orders/test/render-with-api";
import { anOfferedQuote, aRequestedQuote, SHOP_WITH_TAX } from "../test/quotes-data";
import { MyQuotes } from "./my-quotes";

describe("My quotes", () => {
  let running: Awaited<ReturnType<typeof startOrdersApi>> | undefined;
  afterEach(async () => {
    await running?.close();
    running = undefined;
  });

  async function open(answer: (call: ApiCall) => ApiAnswer) {
    const api = await startOrdersApi((call) =>
      call.path === "/api/shop" ? { status: 200, body: SHOP_WITH_TAX } : answer(call),
    );
    running = api;
    const { user } = renderScreen(<MyQuotes />, { path: "/dashboard/quotes", pattern: "/dashboard/quotes" });
    return { api, user };
  }

  it("lists each quote with its state, date, lines and, once offered, its total with tax and validity", async () => {
    const offered = anOfferedQuote();
    const requested = aRequestedQuote({ _id: "7e57a0b0-0000-4000-8000-000000000002" });
    const declined = anOfferedQuote({ _id: "7e57a0b0-0000-4000-8000-000000000003", state: "declined" });
    await open(() => ({ status: 200, body: [offered, requested, declined] }));

    const items = within(await screen.findByRole("list", { name: "Your quotes" })).getAllByRole("article");
    expect(items).toHaveLength(3);
    const [first, second, third] = items as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(first).getByRole("heading", { level: 2 })).toHaveTextContent(
      "60 × Pliers, 12 × Electric Drill",
    );
    expect(first).toHaveTextContent("Offer sent");
    expect(first).toHaveTextContent(/Asked Mar 1, 2026, .* for Builder & Sons/);
    // 1,590.00 net and 20% tax on top.
    await waitFor(() =>
      expect(within(first).getByText(/^Offer total/)).toHaveTextContent("Offer total $1,908.00"),
    );
    expect(first).toHaveTextContent("valid until Jan 1, 2999");
    expect(within(first).getByRole("link", { name: /^See the offer/ })).toHaveAttribute(
      "href",
      `/dashboard/quotes/${offered._id}`,
    );

    expect(second).toHaveTextContent("Requested");
    expect(second).toHaveTextContent("60 × Pliers, 10 × Electric Drill");
    expect(within(second).queryByText(/^Offer total/)).toBeNull();
    expect(within(second).getByRole("link", { name: /^Details/ })).toHaveAttribute(
      "href",
      `/dashboard/quotes/${requested._id}`,
    );
    // An ended offer keeps its total, without a validity to act on.
    expect(third).toHaveTextContent("Declined");
    expect(third).not.toHaveTextContent("valid until");
    expect(screen.getByText("3 quotes shown.")).toBeInTheDocument();
  });

  it("names a home page message by the tool it asked for", async () => {
    const message = aRequestedQuote({ lines: [], tool: "Torque wrenches", quantity: 40 });
    await open(() => ({ status: 200, body: [message] }));
    expect(
      await screen.findByRole("heading", { level: 2, name: "40 × Torque wrenches" }),
    ).toBeInTheDocument();
  });

  it("loads the next page from the cursor the first page gave", async () => {
    const newer = anOfferedQuote();
    const older = aRequestedQuote({ _id: "7e57a0b0-0000-4000-8000-000000000009" });
    const { api, user } = await open((call) =>
      call.path === "/api/quotes/mine"
        ? { status: 200, body: [newer], headers: { [NEXT_CURSOR_HEADER]: "next-page" } }
        : { status: 200, body: [older] },
    );
    await user.click(await screen.findByRole("button", { name: "Load more" }));
    expect(await screen.findByText("2 quotes shown.")).toBeInTheDocument();
    expect(api.calls.map((call) => call.path).filter((path) => path.startsWith("/api/quotes"))).toEqual([
      "/api/quotes/mine",
      "/api/quotes/mine?cursor=next-page",
    ]);
  });

  it("says so when there is none yet", async () => {
    await open(() => ({ status: 200, body: [] }));
    expect(await screen.findByText("You have not asked for a quote yet.")).toBeInTheDocument();
  });

  it("shows the server's sentence when the list cannot be loaded", async () => {
    await open(() => apiError(500, "Internal Server Error", "Try later."));
    expect(await screen.findByText("Your quotes could not be loaded.")).toBeInTheDocument();
    expect(screen.getByText(/Try later\./)).toBeInTheDocument();
  });
});

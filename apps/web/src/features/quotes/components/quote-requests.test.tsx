import { screen, within } from "@testing-library/react";
import type { StoredQuote } from "@toolshop/shared/quotes";
import { afterEach, describe, expect, it } from "vitest";
import { sendJson, startTestApi } from "../../../test/http-test-server";
import { addressShown, renderListScreen, sendPage } from "../../../test/list-screen";
import { requestedQuote } from "../test/owner-quote-data";
import { QuoteRequests } from "./quote-requests";

function renderQuotes(url = "/dashboard/quote-requests") {
  return renderListScreen(<QuoteRequests />, url);
}

const aQuote = (n: number, handled = false): StoredQuote => ({
  lines: [],
  _id: `00000000-0000-4000-8000-00000000000${n}`,
  name: `Visitor ${n}`,
  email: `visitor${n}@example.com`,
  phone: "",
  company: n % 2 ? "Acme" : "",
  tool: "",
  quantity: null,
  message: `Message ${n}`,
  createdAt: "2026-01-01T10:00:00.000Z",
  handled,
  state: "requested",
});

const names = () =>
  within(screen.getByRole("list", { name: "Quote requests" }))
    .getAllByRole("heading")
    .map((heading) => heading.textContent);

describe("QuoteRequests", () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  it("appends the next page on Load more and marks a request of that page handled", async () => {
    const requests: string[] = [];
    ({ close } = await startTestApi((request, response) => {
      requests.push(`${request.method} ${request.url}`);
      if (request.method === "PATCH") sendJson(response, 200, aQuote(4, true));
      else if (request.url?.includes("cursor=next-2")) sendPage(response, [aQuote(3), aQuote(4)]);
      else sendPage(response, [aQuote(1), aQuote(2)], "next-2");
    }));
    const user = renderQuotes();
    expect(await screen.findByText("2 requests shown, more to load.")).toBeInTheDocument();
    expect(names()).toEqual(["Visitor 1", "Visitor 2"]);

    await user.click(screen.getByRole("button", { name: "Load more" }));
    expect(await screen.findByText("4 requests shown.")).toBeInTheDocument();
    // The keyboard goes on from the first new request, not from the top of the page.
    await expect.poll(() => screen.getByRole("article", { name: "Visitor 3" }).closest("li")).toHaveFocus();
    expect(names()).toEqual(["Visitor 1", "Visitor 2", "Visitor 3", "Visitor 4"]);
    expect(requests).toEqual(["GET /api/quotes", "GET /api/quotes?cursor=next-2"]);
    expect(screen.queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Mark handled (request from Visitor 4)" }));
    const visitor4 = screen.getByRole("article", { name: "Visitor 4" });
    expect(await within(visitor4).findByText("Handled")).toBeInTheDocument();
    expect(requests.at(-1)).toBe(`PATCH /api/quotes/${aQuote(4)._id}`);
  });

  it("lists a cart request's tools on its card, each with its part number", async () => {
    const asked: StoredQuote = {
      ...aQuote(1),
      name: "Ada Lovelace",
      lines: [
        { name: "Pliers", sku: "PL-180", quantity: 40 },
        { name: "Old Level", sku: null, quantity: 2 },
      ],
    };
    ({ close } = await startTestApi((_request, response) => sendPage(response, [asked])));
    renderQuotes();
    const card = await screen.findByRole("article", { name: "Ada Lovelace" });
    const tools = within(card).getByRole("list", { name: "Tools" });
    expect(
      within(tools)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["40 × Pliers Part number PL-180", "2 × Old Level "]);
  });

  it("searches and filters by state: the URL and the request follow; no match says so", async () => {
    const requests: string[] = [];
    ({ close } = await startTestApi((request, response) => {
      requests.push(request.url ?? "");
      const url = new URL(request.url ?? "", "http://x");
      sendPage(response, url.searchParams.get("q") === "zz" ? [] : [aQuote(1)]);
    }));
    const user = renderQuotes();
    await screen.findByText("1 request shown.");

    await user.type(screen.getByRole("searchbox", { name: "Search by email, name or company" }), "Acme");
    await expect.poll(addressShown).toBe("?q=Acme");
    await expect.poll(() => requests.at(-1)).toBe("/api/quotes?q=Acme");
    await user.selectOptions(screen.getByRole("combobox", { name: "State" }), "Offer sent");
    await expect.poll(addressShown).toBe("?q=Acme&state=offered");
    await expect.poll(() => requests.at(-1)).toBe("/api/quotes?q=Acme&state=offered");

    await user.clear(screen.getByRole("searchbox", { name: "Search by email, name or company" }));
    await user.type(screen.getByRole("searchbox", { name: "Search by email, name or company" }), "zz{Enter}");
    expect(await screen.findByText("No quote requests match this search.")).toBeInTheDocument();
  });

  it("starts from the URL's filter and says when there are no requests at all", async () => {
    const requests: string[] = [];
    ({ close } = await startTestApi((request, response) => {
      requests.push(request.url ?? "");
      sendPage(response, []);
    }));
    renderQuotes("/dashboard/quote-requests?state=declined");
    expect(await screen.findByText("No quote requests in this state.")).toBeInTheDocument();
    expect(requests).toEqual(["/api/quotes?state=declined"]);
    expect((screen.getByRole("combobox", { name: "State" }) as HTMLSelectElement).value).toBe("declined");
  });

  it("opens a request in place of the list, and Back returns to the list as it was, at that request", async () => {
    const requests: string[] = [];
    const opened = requestedQuote({ _id: aQuote(2)._id, name: "Visitor 2" });
    ({ close } = await startTestApi((request, response) => {
      requests.push(request.url ?? "");
      if (request.url === `/api/quotes/${opened._id}`) sendJson(response, 200, opened);
      else if (request.url?.startsWith("/api/quotes")) sendPage(response, [aQuote(1), aQuote(2)]);
      else sendJson(response, 200, { tools: [], nextCursor: null, total: 0, totalIsEstimate: false });
    }));
    const user = renderQuotes("/dashboard/quote-requests?state=requested");
    await screen.findByText("2 requests shown.");
    await user.click(screen.getByRole("link", { name: "Open and price the request from Visitor 2" }));

    await expect.poll(addressShown).toBe(`?state=requested&open=${opened._id}`);
    const heading = await screen.findByRole("heading", { name: "Quote request from Visitor 2" });
    await expect.poll(() => heading).toHaveFocus();
    expect(screen.queryByRole("list", { name: "Quote requests" })).not.toBeInTheDocument();

    await user.click(screen.getByRole("link", { name: "← Back to quote requests" }));
    await expect.poll(addressShown).toBe("?state=requested");
    await expect
      .poll(() => screen.queryByRole("link", { name: "Open and price the request from Visitor 2" }))
      .toHaveFocus();
  });

  it("shows the server's sentence when the list cannot be loaded", async () => {
    ({ close } = await startTestApi((_request, response) =>
      sendJson(response, 400, {
        statusCode: 400,
        error: "Bad Request",
        message: "The cursor is not one this server gave",
      }),
    ));
    renderQuotes();
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("The quote requests could not be loaded.");
    expect(alert.textContent).toContain("The cursor is not one this server gave");
  });
});

import { screen, within } from "@testing-library/react";
import type { StoredQuote } from "@toolshop/shared/quotes";
import { afterEach, describe, expect, it } from "vitest";
import { sendJson, startTestApi } from "../../../test/http-test-server";
import { addressShown, renderListScreen, sendPage } from "../../../test/list-screen";
import { QuoteRequests } from "./quote-requests";

function renderQuotes(url = "/dashboard/quotes") {
  return renderListScreen(<QuoteRequests />, url);
}

const aQuote = (n: number, handled = false): StoredQuote => ({
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

  it("searches and filters by status: the URL and the request follow; no match says so", async () => {
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
    await user.selectOptions(screen.getByRole("combobox", { name: "Status" }), "Open");
    await expect.poll(addressShown).toBe("?q=Acme&status=open");
    await expect.poll(() => requests.at(-1)).toBe("/api/quotes?q=Acme&status=open");

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
    renderQuotes("/dashboard/quotes?status=handled");
    expect(await screen.findByText("No quote requests match this search.")).toBeInTheDocument();
    expect(requests).toEqual(["/api/quotes?status=handled"]);
    expect((screen.getByRole("combobox", { name: "Status" }) as HTMLSelectElement).value).toBe("handled");
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

import type { ServerResponse } from "node:http";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { StoredQuote } from "@toolshop/shared/quotes";
import { MemoryRouter, useLocation } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { ToastHost } from "../../../components/toast-host";
import { sendJson, startTestApi } from "../../../test/http-test-server";
import { QuoteRequests } from "./quote-requests";

/** Shows the address's query, as the browser's address bar would. */
function AddressBar() {
  return <output aria-label="Address">{useLocation().search}</output>;
}

function renderQuotes(url = "/dashboard/quotes") {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MemoryRouter initialEntries={[url]}>
      <QueryClientProvider client={queryClient}>
        <QuoteRequests />
        <ToastHost />
        <AddressBar />
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return userEvent.setup();
}

const address = () => screen.getByRole("status", { name: "Address" }).textContent;

function sendPage(response: ServerResponse, body: unknown, nextCursor?: string) {
  response.writeHead(200, {
    "content-type": "application/json",
    ...(nextCursor ? { "x-next-cursor": nextCursor } : {}),
  });
  response.end(JSON.stringify(body));
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
    await expect.poll(address).toBe("?q=Acme");
    await expect.poll(() => requests.at(-1)).toBe("/api/quotes?q=Acme");
    await user.selectOptions(screen.getByRole("combobox", { name: "Status" }), "Open");
    await expect.poll(address).toBe("?q=Acme&status=open");
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

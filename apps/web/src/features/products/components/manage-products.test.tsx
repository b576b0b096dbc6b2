import type { IncomingMessage } from "node:http";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { NO_FACETS } from "@toolshop/shared/tool-facets";
import type { Tool, ToolSearchPage } from "@toolshop/shared/tools";
import { MemoryRouter, useLocation } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { ToastHost } from "../../../components/toast-host";
import { sendJson, startTestApi } from "../../../test/http-test-server";
import { TEST_CATEGORIES, toolCategory } from "../../tools/test/categories";
import { ManageProducts } from "./manage-products";

function renderManageProducts(path = "/dashboard/manageproducts") {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <ManageProducts />
        <ShowLocation />
      </MemoryRouter>
      <ToastHost />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

function ShowLocation() {
  const location = useLocation();
  return <output data-testid="location">{location.search}</output>;
}

/**
 * GET /api/tools/search as the server answers it, over `tools` (in their order): the words in the
 * name, the category, pages of `limit` (24) with the next index as cursor.
 */
function searchPage(url: string, tools: Tool[]): ToolSearchPage {
  const params = new URL(url, "http://localhost").searchParams;
  const words = (params.get("q") ?? "").toLowerCase().split(/\s+/).filter(Boolean);
  const category = params.get("category");
  const matches = tools.filter(
    (tool) =>
      words.every((word) => tool.name.toLowerCase().includes(word)) &&
      (!category || tool.category.path.some((step) => step.slug === category)),
  );
  const start = Number(params.get("cursor") ?? 0);
  const limit = Number(params.get("limit") ?? 24);
  const end = start + limit;
  return {
    tools: matches.slice(start, end),
    nextCursor: end < matches.length ? String(end) : null,
    total: matches.length,
    totalIsEstimate: false,
    facets: NO_FACETS,
  };
}

function readJson(request: IncomingMessage): Promise<unknown> {
  return new Promise((resolve) => {
    let body = "";
    request.on("data", (chunk: Buffer) => {
      body += chunk.toString();
    });
    request.on("end", () => resolve(body ? JSON.parse(body) : undefined));
  });
}

const pliers: Tool = {
  _id: "3f1e2d4c-5b6a-4789-8abc-def012345678",
  sku: "MP-1",
  name: "Pliers",
  short: "Insulated pliers.",
  image: "/images/tools/pliers.svg",
  price: 12.5,
  minQuantity: 20,
  availableQuantity: 1200,
  category: toolCategory("mechanical"),
  priceBreaks: [],
  images: [{ url: "/images/tools/pliers.svg", alt: "" }],
  documents: [],
  modelNumber: null,
  discontinued: false,
  related: { accessories: [], spareParts: [], fits: [], worksWith: [], successor: null },
  attributes: [],
};

/** Confirmed back-in-stock alerts per tool, as GET /api/stock-alerts/waiting answers them. */
let waitingAlerts: { toolId: string; waiting: number }[] = [];

/**
 * GET /api/categories, for the filter and the product form's select, and the alerts waiting per tool;
 * false for any other call.
 */
function answeredCategories(request: IncomingMessage, response: Parameters<typeof sendJson>[0]): boolean {
  if (request.url === "/api/stock-alerts/waiting") {
    sendJson(response, 200, waitingAlerts);
    return true;
  }
  if (request.url !== "/api/categories") return false;
  sendJson(response, 200, { categories: TEST_CATEGORIES });
  return true;
}

describe("ManageProducts", () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
    waitingAlerts = [];
  });

  it("says how many confirmed alerts wait for a sold-out product", async () => {
    const soldOut = { ...pliers, availableQuantity: 3 };
    waitingAlerts = [{ toolId: pliers._id, waiting: 4 }];
    ({ close } = await startTestApi((request, response) => {
      if (answeredCategories(request, response)) return;
      sendJson(response, 200, searchPage(request.url ?? "", [soldOut]));
    }));
    renderManageProducts();
    const row = await screen.findByRole("article", { name: "Pliers" });
    await expect.poll(() => row.textContent).toContain("3 (sold out)4 alerts wait");
  });

  it("lists each product with its stock and saves an edited price with the stock it was opened with", async () => {
    let current = pliers;
    const patches: unknown[] = [];
    ({ close } = await startTestApi(async (request, response) => {
      if (answeredCategories(request, response)) return;
      if (request.method === "PATCH") {
        const body = (await readJson(request)) as Tool;
        patches.push(body);
        current = { ...current, price: body.price };
        sendJson(response, 200, current);
      } else sendJson(response, 200, searchPage(request.url ?? "", [current]));
    }));
    const user = renderManageProducts();

    const row = await screen.findByRole("article", { name: "Pliers" });
    expect(row.textContent).toContain("$12.50");
    expect(row.textContent).toContain("1,200");
    await user.click(within(row).getByRole("button", { name: "Edit Pliers" }));

    const dialog = await screen.findByRole("dialog", { name: "Edit Pliers" });
    const price = within(dialog).getByLabelText("Price (USD)");
    expect((price as HTMLInputElement).value).toBe("12.5");
    await user.clear(price);
    await user.click(within(dialog).getByRole("button", { name: "Save changes" }));
    expect(await within(dialog).findByText("Price is required")).toBeInTheDocument();
    await user.type(price, "14.75");
    await user.click(within(dialog).getByRole("button", { name: "Save changes" }));

    expect(await screen.findByText("Pliers updated")).toBeInTheDocument();
    expect(patches).toEqual([
      {
        sku: "MP-1",
        name: "Pliers",
        short: "Insulated pliers.",
        minQuantity: 20,
        availableQuantity: 1200,
        price: 14.75,
        image: "/images/tools/pliers.svg",
        category: "mechanical",
        priceBreaks: [],
        previousAvailableQuantity: 1200,
      },
    ]);
    await expect.poll(() => screen.getByRole("article", { name: "Pliers" }).textContent).toContain("$14.75");
  });

  it("puts the new stock in the form when orders changed it while the admin was editing", async () => {
    let current = pliers;
    const patches: { previousAvailableQuantity: number; availableQuantity: number }[] = [];
    ({ close } = await startTestApi(async (request, response) => {
      if (answeredCategories(request, response)) return;
      if (request.method === "GET" && request.url === `/api/tools/${pliers._id}`) {
        return sendJson(response, 200, current);
      }
      if (request.method !== "PATCH")
        return sendJson(response, 200, searchPage(request.url ?? "", [current]));
      const body = (await readJson(request)) as (typeof patches)[number];
      patches.push(body);
      if (body.previousAvailableQuantity !== current.availableQuantity) {
        return sendJson(response, 409, {
          statusCode: 409,
          error: "Conflict",
          message: `The stock of Pliers changed while you were editing: ${current.availableQuantity} units are available now. Please check the stock and save again.`,
        });
      }
      current = { ...current, availableQuantity: body.availableQuantity };
      sendJson(response, 200, current);
    }));
    const user = renderManageProducts();
    await user.click(await screen.findByRole("button", { name: "Edit Pliers" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Pliers" });
    current = { ...pliers, availableQuantity: 1100 }; // a customer ordered 100 meanwhile

    await user.click(within(dialog).getByRole("button", { name: "Save changes" }));
    expect((await within(dialog).findByRole("alert")).textContent).toContain("1100 units are available now");
    await expect
      .poll(() => (within(dialog).getByLabelText("Available quantity") as HTMLInputElement).value)
      .toBe("1100");
    await user.click(within(dialog).getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText("Pliers updated")).toBeInTheDocument();
    expect(patches.map((patch) => [patch.previousAvailableQuantity, patch.availableQuantity])).toEqual([
      [1200, 1200],
      [1100, 1100],
    ]);
  });

  it("searches and filters on the server with the state in the URL, and loads more", async () => {
    const tools: Tool[] = Array.from({ length: 30 }, (_, i) => ({
      ...pliers,
      _id: `3f1e2d4c-5b6a-4789-8abc-${String(i).padStart(12, "0")}`,
      name: `${i % 2 ? "Drill" : "Level"} ${String(i).padStart(2, "0")}`,
      category: toolCategory(i % 2 ? "electrical" : "mechanical"),
    }));
    const searches: string[] = [];
    ({ close } = await startTestApi((request, response) => {
      if (answeredCategories(request, response)) return;
      searches.push(request.url ?? "");
      sendJson(response, 200, searchPage(request.url ?? "", tools));
    }));
    const user = renderManageProducts();

    expect(await screen.findByText("24 of 30 products shown.")).toBeInTheDocument();
    expect(screen.getAllByRole("article")).toHaveLength(24);
    await user.click(screen.getByRole("button", { name: "Load more" }));
    expect(await screen.findByText("30 of 30 products shown.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();
    expect(searches.at(-1)).toBe("/api/tools/search?sort=name&cursor=24");

    await user.selectOptions(screen.getByLabelText("Category"), "Electrical");
    expect(await screen.findByText("15 of 15 products shown.")).toBeInTheDocument();
    await user.type(screen.getByLabelText("Search products"), "drill 0{Enter}");
    expect(await screen.findByText("5 of 5 products shown.")).toBeInTheDocument();
    expect(screen.getByTestId("location").textContent).toBe("?category=electrical&q=drill+0");
    expect(searches.at(-1)).toBe("/api/tools/search?q=drill+0&category=electrical&sort=name");
    expect(screen.getAllByRole("article").every((row) => row.textContent?.includes("Electrical"))).toBe(true);

    await user.clear(screen.getByLabelText("Search products"));
    await user.type(screen.getByLabelText("Search products"), "saw{Enter}");
    expect(await screen.findByText("No products match this search.")).toBeInTheDocument();
  });

  it("opens with the URL's search, and says when the list cannot be loaded", async () => {
    const searches: string[] = [];
    ({ close } = await startTestApi((request, response) => {
      searches.push(request.url ?? "");
      sendJson(response, 500, { statusCode: 500, error: "Internal Server Error", message: "Database down." });
    }));
    renderManageProducts("/dashboard/manageproducts?q=pliers&category=mechanical&category=bogus");
    expect(await screen.findByText("The products could not be loaded.")).toBeInTheDocument();
    expect((screen.getByLabelText("Search products") as HTMLInputElement).value).toBe("pliers");
    expect(searches[0]).toBe("/api/tools/search?q=pliers&category=mechanical&sort=name");
  });

  it("edits the category", async () => {
    let current = pliers;
    const patches: { category: string }[] = [];
    ({ close } = await startTestApi(async (request, response) => {
      if (answeredCategories(request, response)) return;
      if (request.method === "PATCH") {
        const body = (await readJson(request)) as Tool & { category: "electrical" | "mechanical" };
        patches.push(body);
        current = { ...current, category: toolCategory(body.category) };
        sendJson(response, 200, current);
      } else sendJson(response, 200, searchPage(request.url ?? "", [current]));
    }));
    const user = renderManageProducts();
    await user.click(await screen.findByRole("button", { name: "Edit Pliers" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Pliers" });
    // The select comes with the category tree, on the tool's category.
    const select = () => within(dialog).getByLabelText("Category") as HTMLSelectElement;
    await expect.poll(() => select().value).toBe("mechanical");
    const category = select();
    await user.selectOptions(category, "Electrical");
    await user.click(within(dialog).getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText("Pliers updated")).toBeInTheDocument();
    expect(patches[0]?.category).toBe("electrical");
    await expect
      .poll(() => screen.getByRole("article", { name: "Pliers" }).textContent)
      .toContain("Electrical");
  });

  it("asks before deleting and shows why the server refuses", async () => {
    const calls: string[] = [];
    ({ close } = await startTestApi((request, response) => {
      if (answeredCategories(request, response)) return;
      calls.push(`${request.method} ${request.url}`);
      if (request.method === "DELETE") {
        sendJson(response, 409, {
          statusCode: 409,
          error: "Conflict",
          message:
            "Pliers cannot be deleted: customers have paid for it, and their orders must keep it on record.",
        });
      } else sendJson(response, 200, searchPage(request.url ?? "", [pliers]));
    }));
    const user = renderManageProducts();
    await user.click(await screen.findByRole("button", { name: "Delete Pliers" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete Pliers?" });
    expect(calls).toEqual(["GET /api/tools/search?sort=name"]);
    await user.click(within(dialog).getByRole("button", { name: "Yes, delete" }));
    expect((await within(dialog).findByRole("alert")).textContent).toContain("customers have paid for it");
    expect(calls).toContain(`DELETE /api/tools/${pliers._id}`);
  });
});

import { QueryClient } from "@tanstack/react-query";
import { screen, waitFor, within } from "@testing-library/react";
import type { ToolReviews } from "@toolshop/shared/reviews";
import type { Tool } from "@toolshop/shared/tools";
import { afterEach, describe, expect, it } from "vitest";
import { setPriceCurrency } from "../../../lib/format";
import {
  type ApiAnswer,
  type ApiCall,
  apiError,
  renderScreen,
  startOrdersApi,
} from "../../orders/test/render-with-api";
import { toolCategory } from "../../tools/test/categories";
import { type ServerPage, seedQueries } from "../server-data";
import { ProductScreen } from "./product-screen";

const LEVEL: Tool = {
  _id: "7a2d3e4f-5b6c-4d7e-8f90-a1b2c3d4e5f6",
  sku: "LV-600",
  name: "Level",
  short: "A 60 cm spirit level.\nAluminium frame.",
  image: "/images/tools/level.svg",
  price: 18.9,
  minQuantity: 10,
  availableQuantity: 500,
  category: toolCategory("mechanical"),
  priceBreaks: [],
  images: [{ url: "/images/tools/level.svg", alt: "" }],
  documents: [],
  modelNumber: null,
  discontinued: false,
  related: { accessories: [], spareParts: [], fits: [], worksWith: [], successor: null },
  attributes: [],
};
const NO_REVIEWS: ToolReviews = { average: null, count: 0, reviews: [] };
const REVIEWS: ToolReviews = {
  average: 4.5,
  count: 2,
  reviews: [
    { review: "5", comment: "Dead straight.", name: "Ann", verifiedBuyer: true },
    { review: "4", comment: "<b>Light</b>", name: "Bo" },
  ],
};
const REVIEWS_PATH = `/api/tools/${LEVEL._id}/reviews`;
const PATH = `/tools/${LEVEL._id}`;

function openProduct(toolId = LEVEL._id, queryClient?: QueryClient) {
  return renderScreen(<ProductScreen toolId={toolId} />, {
    path: `/tools/${toolId}`,
    pattern: "/tools/:id",
    ...(queryClient ? { queryClient } : {}),
  });
}

/** A query cache as the server's page fills it (../server-data.ts): what the screen first renders. */
function serverRendered(page: ServerPage): QueryClient {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  seedQueries(queryClient, page);
  return queryClient;
}

/** The API: GET /api/tools/:id/reviews answers `reviews`, every other call `answer`. */
function startProductApi(
  answer: (call: ApiCall) => ApiAnswer,
  reviews: () => ApiAnswer = () => ({ status: 200, body: NO_REVIEWS }),
) {
  return startOrdersApi((call) => (call.path.endsWith("/reviews") ? reviews() : answer(call)));
}

describe("the product page", () => {
  let api: Awaited<ReturnType<typeof startOrdersApi>> | undefined;
  afterEach(async () => {
    await api?.close();
    api = undefined;
    setPriceCurrency("USD");
  });

  it("shows the tool's picture, name, description, price, minimum order and stock, and orders it", async () => {
    api = await startProductApi(() => ({ status: 200, body: LEVEL }));
    const { user, router } = openProduct();
    const heading = await screen.findByRole("heading", { level: 1, name: "Level" });
    const page = within(heading.closest("article") as HTMLElement);
    expect(page.getByRole("img", { name: "Level" }).getAttribute("src")).toBe(LEVEL.image);
    expect(page.getByText(/A 60 cm spirit level\.\s+Aluminium frame\./)).toBeInTheDocument();
    expect(page.getByText("$18.90")).toBeInTheDocument();
    expect(page.getAllByRole("term").map((term) => term.textContent)).toEqual(["Minimum order", "Available"]);
    expect(page.getAllByRole("definition").map((value) => value.textContent)).toEqual(["10", "500"]);
    expect(page.queryByText(/Only .* left|Sold out/)).not.toBeInTheDocument();
    expect(document.title).toBe("Level | Toolshop");
    expect(api.callsTo("GET", `/api${PATH}`)).toHaveLength(1);

    await user.click(page.getByRole("link", { name: "Order now" }));
    expect(router.state.location.pathname).toBe(`/checkout/${LEVEL._id}`);
  });

  it("lists what fits with the tool and, discontinued, points to its successor instead of ordering", async () => {
    const ended: Tool = {
      ...LEVEL,
      discontinued: true,
      related: {
        accessories: [{ _id: "1a2d3e4f-5b6c-4d7e-8f90-a1b2c3d4e5f6", name: "Level case", sku: "LV-CASE" }],
        spareParts: [{ _id: "2a2d3e4f-5b6c-4d7e-8f90-a1b2c3d4e5f6", name: "Vial", sku: "LV-VIAL" }],
        fits: [],
        worksWith: [],
        successor: { _id: "3a2d3e4f-5b6c-4d7e-8f90-a1b2c3d4e5f6", name: "Level 2", sku: "LV-700" },
      },
    };
    api = await startProductApi(() => ({ status: 200, body: ended }));
    openProduct();
    const heading = await screen.findByRole("heading", { level: 1, name: "Level" });
    const page = within(heading.closest("article") as HTMLElement);
    const parts = within(page.getByRole("region", { name: "Spare parts" }));
    expect(parts.getByRole("link", { name: "Vial" }).getAttribute("href")).toBe(
      "/tools/2a2d3e4f-5b6c-4d7e-8f90-a1b2c3d4e5f6",
    );
    expect(parts.getByText("LV-VIAL")).toBeInTheDocument();
    expect(page.getByRole("region", { name: "Accessories" })).toHaveTextContent("Level case LV-CASE");
    expect(page.queryByRole("region", { name: "Fits" })).not.toBeInTheDocument();
    expect(page.getByText("Discontinued")).toBeInTheDocument();
    expect(page.getByText(/Replaced by/)).toHaveTextContent("Replaced by Level 2 LV-700");
    expect(page.queryByRole("link", { name: "Order now" })).not.toBeInTheDocument();
    expect(page.queryByRole("button", { name: /add to cart/i })).not.toBeInTheDocument();
  });

  it("prices the quantity typed by the price breaks and shows the line's total", async () => {
    const pliers: Tool = {
      ...LEVEL,
      name: "Pliers",
      price: 12.5,
      minQuantity: 1,
      priceBreaks: [
        { minQuantity: 50, unitPrice: 11 },
        { minQuantity: 100, unitPrice: 9.75 },
      ],
    };
    api = await startProductApi(() => ({ status: 200, body: pliers }));
    const { user } = openProduct();
    const quantity = await screen.findByRole("spinbutton", { name: "Quantity" });
    // The line's price, read out as the quantity changes.
    const price = screen.getByText(/^1 ×/).closest("output") as HTMLElement;
    expect(price).toHaveAttribute("aria-live", "polite");
    expect(price).toHaveTextContent("1 × $12.50 eachTotal $12.50");

    await user.clear(quantity);
    await user.type(quantity, "100");
    expect(price).toHaveTextContent("100 × $9.75 each (list price $12.50)Total $975.00");
    await user.clear(quantity);
    await user.type(quantity, "60");
    expect(price).toHaveTextContent("60 × $11.00 each (list price $12.50)Total $660.00");
    // A quantity that cannot be ordered has its message and no price.
    await user.clear(quantity);
    await user.type(quantity, "501");
    expect(price).toBeEmptyDOMElement();
  });

  it("prices in the shop's currency", async () => {
    setPriceCurrency("eur");
    api = await startProductApi(() => ({ status: 200, body: LEVEL }));
    openProduct();
    expect(await screen.findByText("€18.90")).toBeInTheDocument();
  });

  it('says "Only N left" when low, and "Sold out" without an order button', async () => {
    let stock = 19;
    api = await startProductApi(() => ({ status: 200, body: { ...LEVEL, availableQuantity: stock } }));
    const low = openProduct();
    expect(await screen.findByText("Only 19 left")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Order now" })).toBeInTheDocument();
    low.router.dispose();
    document.body.replaceChildren();

    stock = 9;
    openProduct();
    expect(await screen.findByText("Sold out")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Order now" })).not.toBeInTheDocument();
    expect(screen.getByText(/Fewer units are in stock than the minimum order of 10/)).toBeInTheDocument();
  });

  it("shows the not-found page for an unknown tool, and for a malformed id without asking", async () => {
    api = await startProductApi(() => apiError(404, "Not Found", "There is no tool with this id."));
    const unknown = openProduct();
    expect(await screen.findByRole("heading", { name: "You are in the wrong place" })).toBeInTheDocument();
    unknown.router.dispose();
    document.body.replaceChildren();

    openProduct("not-a-tool");
    expect(await screen.findByRole("heading", { name: "You are in the wrong place" })).toBeInTheDocument();
    expect(api.calls.filter((call) => call.path.includes("not-a-tool"))).toHaveLength(0);
  });

  it("shows at once the tool the server rendered, then refreshes it in the background", async () => {
    let answered = 0;
    api = await startProductApi(() => {
      answered += 1;
      return { status: 200, body: { ...LEVEL, availableQuantity: 15 } };
    });
    openProduct(
      LEVEL._id,
      serverRendered({ kind: "tool", toolId: LEVEL._id, tool: LEVEL, reviews: NO_REVIEWS }),
    );
    // The first render already has the content: no spinner in between.
    expect(screen.getByRole("heading", { level: 1, name: "Level" })).toBeInTheDocument();
    expect(screen.queryByRole("status", { name: "Loading the tool" })).not.toBeInTheDocument();
    expect(await screen.findByText("Only 15 left")).toBeInTheDocument();
    expect(answered).toBe(1);
  });

  it("shows the not-found page at once when the server found no such tool, and asks nothing", async () => {
    api = await startProductApi(() => ({ status: 200, body: LEVEL }));
    openProduct(LEVEL._id, serverRendered({ kind: "no-such-tool", toolId: LEVEL._id }));
    expect(screen.getByRole("heading", { name: "You are in the wrong place" })).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it("ignores what the server rendered for another tool", async () => {
    api = await startProductApi(() => ({ status: 200, body: LEVEL }));
    openProduct(
      LEVEL._id,
      serverRendered({ kind: "no-such-tool", toolId: "00000000-0000-4000-8000-000000000000" }),
    );
    expect(await screen.findByRole("heading", { level: 1, name: "Level" })).toBeInTheDocument();
  });

  it("shows at once the reviews the server rendered: average, count, star values, comments as text", async () => {
    api = await startProductApi(
      () => ({ status: 200, body: LEVEL }),
      () => ({ status: 200, body: REVIEWS }),
    );
    openProduct(
      LEVEL._id,
      serverRendered({ kind: "tool", toolId: LEVEL._id, tool: LEVEL, reviews: REVIEWS }),
    );
    const reviews = within(screen.getByRole("region", { name: "Reviews" }));
    expect(reviews.queryByRole("status", { name: "Loading reviews" })).not.toBeInTheDocument();
    expect(reviews.getByText(/out of 5 from 2 reviews/).textContent).toBe("4.5 out of 5 from 2 reviews");
    expect(reviews.getAllByText(/Review Star:/).map((node) => node.textContent)).toEqual([
      "Review Star: 5",
      "Review Star: 4",
    ]);
    expect(reviews.getByText("<b>Light</b>")).toBeInTheDocument();
    expect(reviews.getByText("Verified buyer")).toBeInTheDocument();
    expect(reviews.getByRole("link", { name: "Bought this tool? Review it" }).getAttribute("href")).toBe(
      `/dashboard/myreview?tool=${LEVEL._id}`,
    );
    await waitFor(() => expect(api?.callsTo("GET", REVIEWS_PATH)).toHaveLength(1));
  });

  it("loads the reviews when the page was not rendered by the server, and says when there are none", async () => {
    api = await startProductApi(() => ({ status: 200, body: LEVEL }));
    openProduct();
    expect(await screen.findByText("No reviews of this tool yet.")).toBeInTheDocument();
    expect(api.callsTo("GET", REVIEWS_PATH)).toHaveLength(1);
  });

  it("shows the server's message when the reviews cannot be loaded, and loads them again on retry", async () => {
    let failing = true;
    api = await startProductApi(
      () => ({ status: 200, body: LEVEL }),
      () =>
        failing
          ? apiError(500, "Internal Server Error", "Reviews are offline")
          : { status: 200, body: REVIEWS },
    );
    const { user } = openProduct();
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("The reviews could not be loaded.");
    expect(alert.textContent).toContain("Reviews are offline");
    failing = false;
    await user.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("Dead straight.")).toBeInTheDocument();
  });
});

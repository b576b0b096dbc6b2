import { screen, within } from "@testing-library/react";
import type { Tool } from "@toolshop/shared/tools";
import { afterEach, describe, expect, it } from "vitest";
import { setPriceCurrency } from "../../../lib/format";
import { apiError, renderScreen, startOrdersApi } from "../../orders/test/render-with-api";
import { ProductScreen } from "./product-screen";

const LEVEL: Tool = {
  _id: "7a2d3e4f-5b6c-4d7e-8f90-a1b2c3d4e5f6",
  name: "Level",
  short: "A 60 cm spirit level.\nAluminium frame.",
  image: "/images/tools/level.svg",
  price: 18.9,
  minQuantity: 10,
  availableQuantity: 500,
};
const PATH = `/tools/${LEVEL._id}`;

function openProduct(toolId = LEVEL._id) {
  return renderScreen(<ProductScreen toolId={toolId} />, { path: `/tools/${toolId}`, pattern: "/tools/:id" });
}

/** What the server puts in a page it rendered (apps/server/src/features/storefront/product-page.ts). */
function serverData(toolId: string, tool: Tool | null) {
  const element = document.createElement("script");
  element.type = "application/json";
  element.id = "product-data";
  element.textContent = JSON.stringify({ toolId, tool });
  document.body.append(element);
  return element;
}

describe("the product page", () => {
  let api: Awaited<ReturnType<typeof startOrdersApi>> | undefined;
  afterEach(async () => {
    await api?.close();
    api = undefined;
    document.getElementById("product-data")?.remove();
    setPriceCurrency("USD");
  });

  it("shows the tool's picture, name, description, price, minimum order and stock, and orders it", async () => {
    api = await startOrdersApi(() => ({ status: 200, body: LEVEL }));
    const { user, router } = openProduct();
    const heading = await screen.findByRole("heading", { level: 1, name: "Level" });
    const page = within(heading.closest("article") as HTMLElement);
    expect(page.getByRole("img", { name: "Level" }).getAttribute("src")).toBe(LEVEL.image);
    expect(page.getByText(/A 60 cm spirit level\.\s+Aluminium frame\./)).toBeTruthy();
    expect(page.getByText("$18.90")).toBeTruthy();
    expect(page.getAllByRole("term").map((term) => term.textContent)).toEqual(["Minimum order", "Available"]);
    expect(page.getAllByRole("definition").map((value) => value.textContent)).toEqual(["10", "500"]);
    expect(page.queryByText(/Only .* left|Sold out/)).toBeNull();
    expect(document.title).toBe("Level | Toolshop");
    expect(api.callsTo("GET", `/api${PATH}`)).toHaveLength(1);

    await user.click(page.getByRole("link", { name: "Order now" }));
    expect(router.state.location.pathname).toBe(`/checkout/${LEVEL._id}`);
  });

  it("prices in the shop's currency", async () => {
    setPriceCurrency("eur");
    api = await startOrdersApi(() => ({ status: 200, body: LEVEL }));
    openProduct();
    expect(await screen.findByText("€18.90")).toBeTruthy();
  });

  it('says "Only N left" when low, and "Sold out" without an order button', async () => {
    let stock = 19;
    api = await startOrdersApi(() => ({ status: 200, body: { ...LEVEL, availableQuantity: stock } }));
    const low = openProduct();
    expect(await screen.findByText("Only 19 left")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Order now" })).toBeTruthy();
    low.router.dispose();
    document.body.replaceChildren();

    stock = 9;
    openProduct();
    expect(await screen.findByText("Sold out")).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Order now" })).toBeNull();
    expect(screen.getByText(/Fewer units are in stock than the minimum order of 10/)).toBeTruthy();
  });

  it("shows the not-found page for an unknown tool, and for a malformed id without asking", async () => {
    api = await startOrdersApi(() => apiError(404, "Not Found", "There is no tool with this id."));
    const unknown = openProduct();
    expect(await screen.findByRole("heading", { name: "You are in the wrong place" })).toBeTruthy();
    unknown.router.dispose();
    document.body.replaceChildren();

    openProduct("not-a-tool");
    expect(await screen.findByRole("heading", { name: "You are in the wrong place" })).toBeTruthy();
    expect(api.calls.filter((call) => call.path.includes("not-a-tool"))).toHaveLength(0);
  });

  it("shows at once the tool the server rendered, then refreshes it in the background", async () => {
    let answered = 0;
    api = await startOrdersApi(() => {
      answered += 1;
      return { status: 200, body: { ...LEVEL, availableQuantity: 15 } };
    });
    serverData(LEVEL._id, LEVEL);
    openProduct();
    // The first render already has the content: no spinner in between.
    expect(screen.getByRole("heading", { level: 1, name: "Level" })).toBeTruthy();
    expect(screen.queryByRole("status", { name: "Loading the tool" })).toBeNull();
    expect(await screen.findByText("Only 15 left")).toBeTruthy();
    expect(answered).toBe(1);
  });

  it("shows the not-found page at once when the server found no such tool, and asks nothing", async () => {
    api = await startOrdersApi(() => ({ status: 200, body: LEVEL }));
    serverData(LEVEL._id, null);
    openProduct();
    expect(screen.getByRole("heading", { name: "You are in the wrong place" })).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it("ignores what the server rendered for another tool", async () => {
    api = await startOrdersApi(() => ({ status: 200, body: LEVEL }));
    serverData("00000000-0000-4000-8000-000000000000", null);
    openProduct();
    expect(await screen.findByRole("heading", { level: 1, name: "Level" })).toBeTruthy();
  });
});

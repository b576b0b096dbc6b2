import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import type { Tool } from "@toolshop/shared/tools";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { toolCategory } from "../test/categories";
import { ToolCard } from "./tool-card";

const LEVEL: Tool = {
  _id: "7a2d3e4f-5b6c-4d7e-8f90-a1b2c3d4e5f6",
  sku: "LV-600",
  name: "Level",
  short: "A 60 cm spirit level.",
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

// The tool's name follows for screen readers ("Order now: Level").
const ORDER_NOW = /^Order now\s*:\s*Level$/;

function renderCard(stock: Partial<Pick<Tool, "minQuantity" | "availableQuantity">>) {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <ToolCard tool={{ ...LEVEL, ...stock }} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe("ToolCard's link", () => {
  it("leads from the tool's name to its page, whatever the stock", () => {
    for (const availableQuantity of [500, 9]) {
      const card = renderCard({ availableQuantity });
      expect(screen.getByRole("link", { name: "Level" }).getAttribute("href")).toBe(`/tools/${LEVEL._id}`);
      card.unmount();
    }
  });
});

describe("ToolCard's stock", () => {
  it("links to the checkout and says nothing about stock while there is plenty", () => {
    renderCard({});
    expect(screen.getByRole("link", { name: ORDER_NOW }).getAttribute("href")).toBe(`/checkout/${LEVEL._id}`);
    expect(screen.queryByText(/Only .* left/)).not.toBeInTheDocument();
    expect(screen.queryByText("Sold out")).not.toBeInTheDocument();
  });

  it('says "Only N left" below two minimum orders, and can still be ordered', () => {
    renderCard({ availableQuantity: 19 });
    expect(screen.getByText("Only 19 left")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: ORDER_NOW })).toBeInTheDocument();
  });

  it("counts exactly two minimum orders as enough, and formats large numbers", () => {
    const first = renderCard({ availableQuantity: 20 });
    expect(screen.queryByText(/Only .* left/)).not.toBeInTheDocument();
    first.unmount();
    renderCard({ minQuantity: 1000, availableQuantity: 1500 });
    expect(screen.getByText("Only 1,500 left")).toBeInTheDocument();
  });

  it('says "Sold out" with no order link when the stock cannot cover a minimum order', () => {
    renderCard({ availableQuantity: 9 });
    const soldOut = screen.getByRole("button", { name: /^Sold out\s*:\s*Level$/ });
    expect(soldOut).toHaveProperty("disabled", true);
    expect(screen.queryByRole("link", { name: /order/i })).not.toBeInTheDocument();
    expect(screen.queryByText(/Only .* left/)).not.toBeInTheDocument();
  });
});

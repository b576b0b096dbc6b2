import { cleanup, render, screen, within } from "@testing-library/react";
import type { Order, OrderLine } from "@toolshop/shared/orders";
import { describe, expect, it } from "vitest";
import { OrderLines, type OrderLinesLook } from "./order-lines";

const untaxed = (amount: number) => ({ net: amount, tax: 0, gross: amount });

function aLine(name: string, quantity: number, unitPrice: number, refundedQuantity = 0): OrderLine {
  const total = quantity * unitPrice;
  return {
    toolId: null,
    name,
    image: "/t.svg",
    sku: `SKU-${name.length}`,
    unitPrice,
    quantity,
    total,
    refundedQuantity,
    ...untaxed(total),
  };
}

function anOrder(lines: OrderLine[], tax?: Order["tax"]): Pick<Order, "lines" | "price" | "tax"> {
  const price = lines.reduce((sum, line) => sum + line.total, 0);
  return { lines, price, tax: tax ?? { ratePercent: 0, pricesIncludeTax: false, ...untaxed(price) } };
}

const ONE = anOrder([aLine("Pliers", 20, 12.5, 2)]);
const THREE = anOrder([aLine("Cart Clamp", 4, 15.5, 1), aLine("Cart Meter", 3, 42), aLine("Level", 1, 9)]);

/** The look drawn where the app draws it: inside a card's term list, or on its own. */
function draw(order: Pick<Order, "lines" | "price" | "tax">, look: OrderLinesLook) {
  const title = order.lines.length > 1 ? "Cart Clamp and 2 more tools" : "Pliers";
  if (look === "receipt") return render(<OrderLines order={order} look="receipt" />);
  const lines = <OrderLines order={order} look={look} title={title} />;
  return render(look === "terms" ? <dl>{lines}</dl> : lines);
}

const items = (name: string) =>
  within(screen.getByRole("list", { name }))
    .getAllByRole("listitem")
    .map((item) => item.textContent);

describe("OrderLines", () => {
  it("draws one line as a one-tool order always read, with no list", () => {
    for (const look of ["terms", "heading", "priced"] as const) {
      const { unmount } = draw(ONE, look);
      expect(screen.queryByRole("list"), look).not.toBeInTheDocument();
      unmount();
    }
    draw(ONE, "terms");
    expect(screen.getByText("Quantity").nextElementSibling?.textContent).toBe("20");
  });

  it("heads a one-line order in Manage Orders by its count and tool, with the units refunded", () => {
    draw(ONE, "heading");
    expect(screen.getByRole("heading", { name: "20 × Pliers" })).toBeInTheDocument();
    expect(screen.getByText("2 refunded")).toBeInTheDocument();
  });

  it("prices a one-line order in one sentence", () => {
    draw(ONE, "priced");
    expect(screen.getByText(/^20 ×/).textContent).toBe("20 × $12.50 = $250.00");
  });

  it("lists every line of several, named after the order", () => {
    draw(THREE, "terms");
    expect(screen.getByText("Tools")).toBeInTheDocument();
    expect(items("Tools in Cart Clamp and 2 more tools")).toEqual([
      "4 × Cart Clamp Part number SKU-10",
      "3 × Cart Meter Part number SKU-10",
      "1 × Level Part number SKU-5",
    ]);
  });

  it("names each line's part number, and none for a line written before SKUs came", () => {
    draw(ONE, "terms");
    expect(screen.getByText("Part number").nextElementSibling?.textContent).toBe("SKU-6");
    cleanup();
    for (const look of ["heading", "priced"] as const) {
      const { unmount } = draw(ONE, look);
      expect(screen.getByText("SKU-6"), look).toBeInTheDocument();
      unmount();
    }
    const old = anOrder([
      { ...aLine("Pliers", 20, 12.5), sku: null },
      { ...aLine("Level", 1, 9), sku: null },
    ]);
    for (const order of [old, anOrder([{ ...aLine("Pliers", 20, 12.5), sku: null }])]) {
      for (const look of ["terms", "heading", "priced", "receipt"] as const) {
        const { container, unmount } = draw(order, look);
        expect(container.textContent, look).not.toMatch(/Part number/);
        unmount();
      }
    }
  });

  it("lists the units refunded of each line in Manage Orders, under the order's title", () => {
    draw(THREE, "heading");
    expect(screen.getByRole("heading", { name: "Cart Clamp and 2 more tools" })).toBeInTheDocument();
    expect(items("Tools in Cart Clamp and 2 more tools")).toEqual([
      "4 × Cart Clamp Part number SKU-10 (1 refunded)",
      "3 × Cart Meter Part number SKU-10",
      "1 × Level Part number SKU-5",
    ]);
  });

  it("prices each line of several and says the order's total", () => {
    render(<OrderLines order={THREE} look="priced" title="x" listLabel="Tools in this order" />);
    expect(items("Tools in this order")).toEqual([
      "Cart Clamp Part number SKU-10: 4 × $15.50 = $62.00",
      "Cart Meter Part number SKU-10: 3 × $42.00 = $126.00",
      "Level Part number SKU-5: 1 × $9.00 = $9.00",
    ]);
    expect(screen.getByText(/^Total/).textContent).toBe("Total $197.00");
  });

  it("says the tax between a taxed order's lines and its total, so that the sums add up", () => {
    const tax = { ratePercent: 19, pricesIncludeTax: false, net: 250, tax: 47.5, gross: 297.5 };
    const { unmount } = render(
      <OrderLines order={{ ...ONE, price: 297.5, tax }} look="priced" title="Pliers" />,
    );
    expect(screen.getByText(/^20 ×/).textContent).toBe("20 × $12.50 = $250.00");
    expect(screen.getByText("Tax 19%").nextElementSibling?.textContent).toBe("$47.50");
    expect(screen.getByText(/^Total/).textContent).toBe("Total $297.50");
    unmount();
    render(
      <OrderLines
        order={{ ...THREE, price: 234.43, tax: { ...tax, net: 197, tax: 37.43, gross: 234.43 } }}
        look="priced"
        title="x"
      />,
    );
    expect(screen.getByText("Net").nextElementSibling?.textContent).toBe("$197.00");
    expect(screen.getByText(/^Total/).textContent).toBe("Total $234.43");
  });

  it("draws the receipt as a table: one line without a total row unless some was refunded", () => {
    const { unmount } = draw(anOrder([aLine("Pliers", 20, 12.5)]), "receipt");
    expect(screen.getAllByRole("row")).toHaveLength(2);
    expect(screen.queryByRole("rowheader", { name: "Order total" })).not.toBeInTheDocument();
    unmount();
    draw(ONE, "receipt");
    const rows = screen.getAllByRole("row").map((element) => element.textContent);
    expect(rows.slice(1)).toEqual([
      "PliersPart number SKU-6$12.5020(2 refunded)$250.00",
      "Order total$250.00",
      "Refunded$25.00",
    ]);
  });

  it("draws several lines' receipt with the order total and the amount refunded", () => {
    draw(THREE, "receipt");
    const rows = screen.getAllByRole("row").map((element) => element.textContent);
    expect(rows.slice(1, 4)).toEqual([
      "Cart ClampPart number SKU-10$15.504(1 refunded)$62.00",
      "Cart MeterPart number SKU-10$42.003$126.00",
      "LevelPart number SKU-5$9.001$9.00",
    ]);
    expect(rows.slice(4)).toEqual(["Order total$197.00", "Refunded$15.50"]);
  });

  it("adds the net and the tax above the total of a taxed receipt, even of one line", () => {
    const taxed = { ...ONE, price: 297.5 };
    draw(
      { ...taxed, tax: { ratePercent: 19, pricesIncludeTax: false, net: 250, tax: 47.5, gross: 297.5 } },
      "receipt",
    );
    const rows = screen.getAllByRole("row").map((row) => row.textContent);
    // The 2 units refunded give back their share of the gross: 2 × 12.50 + 19 %.
    expect(rows.slice(2)).toEqual(["Net$250.00", "Tax 19%$47.50", "Order total$297.50", "Refunded$29.75"]);
  });

  it("adds the shipping above the sums of the receipt and the payment screen, a free one as Free", () => {
    const shipped = {
      ...anOrder([aLine("Pliers", 20, 12.5)]),
      price: 254.95,
      shipping: { name: "Standard", pickup: false, country: "GB", charge: 4.95, ...untaxed(4.95) },
    };
    shipped.tax = { ...shipped.tax, ...untaxed(254.95) };
    const { unmount } = render(<OrderLines order={shipped} look="receipt" />);
    const rows = screen.getAllByRole("row").map((row) => row.textContent);
    expect(rows.slice(2)).toEqual(["Shipping: Standard$4.95", "Order total$254.95"]);
    unmount();
    render(
      <OrderLines
        order={{ ...shipped, shipping: { ...shipped.shipping, name: "Pickup", charge: 0, ...untaxed(0) } }}
        look="priced"
        title="Pliers"
      />,
    );
    expect(screen.getByText(/^Shipping: Pickup/)).toHaveTextContent("Shipping: Pickup Free");
    expect(screen.getByText(/^Total/)).toHaveTextContent("Total $254.95");
  });
});

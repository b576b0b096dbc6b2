import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ProductSpecifications } from "./product-specifications";

describe("ProductSpecifications", () => {
  it("lists each value with its unit, yes/no in words, as a table a screen reader reads by row", () => {
    render(
      <ProductSpecifications
        attributes={[
          { key: "voltage", name: "Voltage", value: 18, unit: "V" },
          { key: "cordless", name: "Cordless", value: false, unit: null },
          { key: "insulation", name: "Insulation", value: "1000 V", unit: null },
        ]}
      />,
    );
    const table = screen.getByRole("table", { name: "Specifications" });
    const rows = within(table)
      .getAllByRole("row")
      .map((row) => [
        within(row).getByRole("rowheader").textContent,
        within(row).getByRole("cell").textContent,
      ]);
    expect(rows).toEqual([
      ["Voltage", "18 V"],
      ["Cordless", "No"],
      ["Insulation", "1000 V"],
    ]);
  });

  it("shows nothing for a tool without specifications", () => {
    const { container } = render(<ProductSpecifications attributes={[]} />);
    expect(container.innerHTML).toBe("");
  });
});

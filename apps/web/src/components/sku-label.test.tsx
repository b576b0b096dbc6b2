import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { SkuLabel } from "./sku-label";

describe("SkuLabel", () => {
  it("shows the SKU as the part number, as a screen reader reads it too", () => {
    // A button's name is computed from its content as a screen reader reads it.
    render(
      <button type="button">
        <SkuLabel sku="ELE-00001" />
      </button>,
    );
    expect(screen.getByRole("button", { name: "Part number ELE-00001" })).toBeInTheDocument();
    expect(screen.getByText("ELE-00001")).toHaveClass("font-mono");
  });

  it("shows nothing for a line written before SKUs came", () => {
    const { container } = render(<SkuLabel sku={null} />);
    expect(container).toBeEmptyDOMElement();
  });
});

import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Screen } from "./screen";

describe("Screen", () => {
  it("is a section labelled by its one heading, which names the browser tab too", () => {
    render(
      <Screen title="Manage Orders" intro="Every order, newest first.">
        <p>The list</p>
      </Screen>,
    );
    const heading = screen.getByRole("heading", { level: 1, name: "Manage Orders" });
    expect(heading).toHaveAttribute("id", "screen-heading");
    expect(screen.getByRole("region", { name: "Manage Orders" })).toContainElement(heading);
    expect(screen.getByText("Every order, newest first.")).toBeInTheDocument();
    expect(screen.getByText("The list")).toBeInTheDocument();
    expect(document.title).toBe("Manage Orders | Toolshop");
  });

  it("takes the layout it is given and shows a line above the heading", () => {
    render(
      <Screen title="Order 12" aboveTitle={<p>Toolshop · Receipt</p>} className="mx-auto max-w-4xl">
        <p>The receipt</p>
      </Screen>,
    );
    expect(screen.getByRole("region", { name: "Order 12" })).toHaveClass("mx-auto", "max-w-4xl");
    expect(screen.getByText("Toolshop · Receipt").nextElementSibling).toBe(
      screen.getByRole("heading", { level: 1, name: "Order 12" }),
    );
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
    expect(document.title).toBe("Order 12 | Toolshop");
  });
});

import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { SellingProgress } from "./selling-progress";

describe("SellingProgress", () => {
  it("shows five labelled bars at 0, 10, 40, 70 and 100 percent, each with its percentage as text", () => {
    render(<SellingProgress />);
    const bars = screen.getAllByRole("progressbar") as HTMLProgressElement[];

    expect(bars.map((bar) => bar.value)).toEqual([0, 10, 40, 70, 100]);
    expect(bars.every((bar) => bar.max === 100)).toBe(true);
    for (const bar of bars) {
      const label = bar.labels[0];
      expect(label?.textContent, "every bar has a label").toBeTruthy();
      expect(label?.parentElement?.textContent).toContain(`${bar.value}%`);
    }
  });
});

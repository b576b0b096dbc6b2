import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { DailyFiguresTable } from "./daily-figures-table";

describe("the overview's figures per day", () => {
  it("names the best day with its paid orders in the right number", () => {
    const { rerender } = render(
      <DailyFiguresTable
        series={[
          { day: "2026-03-04", revenue: 40, paidOrders: 1 },
          { day: "2026-03-05", revenue: 0, paidOrders: 0 },
        ]}
      />,
    );
    expect(
      screen.getByText("Days are UTC days. The best day was Mar 4, with $40.00 from 1 paid order."),
    ).toBeInTheDocument();
    rerender(<DailyFiguresTable series={[{ day: "2026-03-05", revenue: 95.5, paidOrders: 2 }]} />);
    expect(
      screen.getByText("Days are UTC days. The best day was Mar 5, with $95.50 from 2 paid orders."),
    ).toBeInTheDocument();
  });
});

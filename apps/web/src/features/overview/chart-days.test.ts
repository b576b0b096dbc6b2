import type { OverviewDay } from "@toolshop/shared/overview";
import { describe, expect, it } from "vitest";
import { dayStartSeconds, legendDay, paddedDayRange, paidOrdersText } from "./chart-days";

const days: OverviewDay[] = [
  { day: "2026-03-03", revenue: 0, paidOrders: 0 },
  { day: "2026-03-04", revenue: 120.5, paidOrders: 2 },
  { day: "2026-03-05", revenue: 40, paidOrders: 1 },
];

describe("the overview chart's days", () => {
  it("leaves half a day beyond the first and the last day, so that their bars are whole", () => {
    const first = dayStartSeconds(days[0] as OverviewDay);
    const last = dayStartSeconds(days[2] as OverviewDay);
    expect(paddedDayRange(first, last)).toEqual([first - 43_200, last + 43_200]);
  });

  it("describes the hovered day in the legend, and today's while nothing is hovered", () => {
    expect(legendDay(days, 1)).toEqual(days[1]);
    expect(legendDay(days, null)).toEqual(days[2]);
    expect(legendDay([], null)).toBeUndefined();
  });

  it("says order for one and orders for more or none", () => {
    expect([0, 1, 2, 1200].map(paidOrdersText)).toEqual([
      "0 paid orders",
      "1 paid order",
      "2 paid orders",
      "1,200 paid orders",
    ]);
  });
});

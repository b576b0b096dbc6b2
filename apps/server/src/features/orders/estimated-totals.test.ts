import { describe, expect, it } from "vitest";
import { createEstimatedTotals, ESTIMATE_KEPT_MS, ESTIMATES_KEPT } from "./estimated-totals";

describe("the admins' kept order estimates", () => {
  it("answers an estimate until ESTIMATE_KEPT_MS have passed, then asks for a new count", () => {
    let now = 1_000_000;
    const totals = createEstimatedTotals({ now: () => now });
    expect(totals.get("all")).toBeUndefined();
    totals.set("all", 250_000);
    now += ESTIMATE_KEPT_MS - 1;
    expect(totals.get("all")).toBe(250_000);
    expect(totals.get("paid")).toBeUndefined();
    now += 2;
    expect(totals.get("all")).toBeUndefined();
  });

  it("keeps at most ESTIMATES_KEPT filters, dropping the oldest first", () => {
    const totals = createEstimatedTotals({ now: () => 0 });
    for (let i = 0; i <= ESTIMATES_KEPT; i += 1) totals.set(`q${i}`, 2_000 + i);
    expect(totals.get("q0")).toBeUndefined();
    expect(totals.get("q1")).toBe(2_001);
    expect(totals.get(`q${ESTIMATES_KEPT}`)).toBe(2_000 + ESTIMATES_KEPT);
  });
});

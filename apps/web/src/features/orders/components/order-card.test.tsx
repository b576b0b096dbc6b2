import { act, render, screen, within } from "@testing-library/react";
import type { Order } from "@toolshop/shared/orders";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { anOrder, aTwoLineOrder, PLIERS } from "../test/orders-data";
import { OrderCard } from "./order-card";

// anOrder() was placed at 10:15 and holds until 11:15.
const PLACED_AT = Date.parse("2025-03-04T10:15:00.000Z");

function renderCard(order: Order) {
  render(
    <MemoryRouter>
      <OrderCard order={order} onDelete={() => undefined} />
    </MemoryRouter>,
  );
}

describe("OrderCard's reservation", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("says how long an unpaid order stays reserved, counting down each minute", () => {
    vi.setSystemTime(PLACED_AT + 18 * 60_000 + 30_000);
    renderCard(anOrder());
    expect(screen.getByText("Reserved for 42 more minutes")).toBeInTheDocument();
    // 41.5 minutes were left: the count changes when the whole minutes do, not a minute after opening.
    act(() => vi.advanceTimersByTime(29_000));
    expect(screen.getByText("Reserved for 42 more minutes")).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1_000));
    expect(screen.getByText("Reserved for 41 more minutes")).toBeInTheDocument();

    for (let minute = 0; minute < 40; minute += 1) act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByText("Reserved for 1 more minute")).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByText("Reservation expired")).toBeInTheDocument();
    // The order is unpaid until the shop cancels it (within a minute): it can still be paid or deleted.
    expect(screen.getByRole("link", { name: /^Pay/ })).toBeInTheDocument();
  });

  it("speaks of hours when the shop holds orders for days", () => {
    vi.setSystemTime(PLACED_AT);
    renderCard(anOrder({ holdsUntil: new Date(PLACED_AT + 3 * 24 * 60 * 60_000).toISOString() }));
    expect(screen.getByText("Reserved for 72 more hours")).toBeInTheDocument();
  });

  it("shows no reservation for a paid order", () => {
    vi.setSystemTime(PLACED_AT);
    renderCard(anOrder({ status: "paid", paid: true, transactionId: "pi_1", holdsUntil: null }));
    expect(screen.queryByText(/Reserved for|Reservation expired/)).not.toBeInTheDocument();
  });

  it("says an expired reservation expired and links to ordering the tool again", () => {
    vi.setSystemTime(PLACED_AT + 2 * 60 * 60_000);
    renderCard(anOrder({ status: "cancelled", holdsUntil: null, cancelReason: "expiry" }));
    expect(screen.getByText("Cancelled")).toBeInTheDocument();
    expect(screen.getByText("Reservation expired")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /^Order again\s*:\s*Pliers$/ }).getAttribute("href")).toBe(
      `/checkout/${PLIERS._id}`,
    );
    expect(screen.queryByRole("link", { name: /^Pay/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/Reserved for/)).not.toBeInTheDocument();
  });

  it("says the shop cancelled an order an admin cancelled, not that it expired", () => {
    renderCard(anOrder({ status: "cancelled", holdsUntil: null, cancelReason: "admin" }));
    expect(screen.getByText("Cancelled by the shop")).toBeInTheDocument();
    expect(screen.queryByText("Reservation expired")).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: /^Order again/ })).toBeInTheDocument();
  });

  it("offers no order link when the tool has left the catalogue", () => {
    renderCard(anOrder({ status: "cancelled", holdsUntil: null, toolId: null, cancelReason: "expiry" }));
    expect(screen.getByText("Reservation expired")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: /Order again/ })).not.toBeInTheDocument();
  });
});

describe("OrderCard's actions", () => {
  // What each status offers: the lifecycle table's answer, which the server gives too.
  const ACTIONS: Record<Order["status"], string[]> = {
    unpaid: ["Pay", "Delete"],
    paid: [],
    shipped: [],
    delivered: [],
    cancelled: ["Order again", "Delete"],
    refunded: [],
  };

  for (const [status, actions] of Object.entries(ACTIONS) as [Order["status"], string[]][]) {
    it(`offers ${actions.join(" and ") || "nothing"} on an order that is ${status}`, () => {
      renderCard(anOrder({ status, paid: status !== "unpaid" && status !== "cancelled" }));
      const offered = [...screen.queryAllByRole("link"), ...screen.queryAllByRole("button")]
        .map((control) => control.firstChild?.textContent ?? "")
        .filter((label) => label !== "Order details and receipt");
      expect(offered.sort()).toEqual([...actions].sort());
    });
  }
});

describe("OrderCard of several lines", () => {
  it("is named by its first tool and how many more, lists every line and its total", () => {
    renderCard(aTwoLineOrder());
    expect(screen.getByRole("heading", { name: "Cart Clamp and 1 more tool" })).toBeInTheDocument();
    const lines = within(screen.getByRole("list", { name: "Tools in Cart Clamp and 1 more tool" }));
    expect(lines.getAllByRole("listitem").map((line) => line.textContent)).toEqual([
      "4 × Cart Clamp Part number CL-4",
      "3 × Cart Meter Part number MT-3",
    ]);
    expect(screen.getByText("$188.00")).toBeInTheDocument();
    // The sum of two tools' quantities says nothing: the lines say it.
    expect(screen.queryByText("Quantity")).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: /^Pay\s*for Cart Clamp and 1 more tool$/ })).toBeInTheDocument();
  });

  it('offers no "Order again" of its first tool alone once cancelled', () => {
    renderCard(aTwoLineOrder({ status: "cancelled", holdsUntil: null, cancelReason: "admin" }));
    expect(screen.queryByRole("link", { name: /Order again/ })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: /^Delete\s*Cart Clamp and 1 more tool$/ })).toBeInTheDocument();
  });

  it("reads a one-line order by its tool alone, as always", () => {
    renderCard(anOrder());
    expect(screen.getByRole("heading", { name: "Pliers" })).toBeInTheDocument();
    expect(screen.getByText("Quantity")).toBeInTheDocument();
    expect(screen.queryByRole("list")).not.toBeInTheDocument();
  });
});

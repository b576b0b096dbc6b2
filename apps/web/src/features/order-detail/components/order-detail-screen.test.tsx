import { screen, within } from "@testing-library/react";
import type { OrderDetail } from "@toolshop/shared/order-detail";
import type { OrderLine } from "@toolshop/shared/orders";
import { afterEach, describe, expect, it, vi } from "vitest";
import { anOrder, aTwoLineOrder } from "../../orders/test/orders-data";
import { apiError, renderScreen, startOrdersApi } from "../../orders/test/render-with-api";
import { OrderDetailScreen } from "./order-detail-screen";

const ID = "0b6f1c2a-7d3e-4f5a-8b9c-1d2e3f4a5b6c";
const BACK = { to: "/dashboard", label: "Back to My orders" };

const SHIPPED: OrderDetail = {
  ...anOrder({ status: "shipped", paid: true, transactionId: "pi_test_123", holdsUntil: null }),
  number: "TS-000042",
  history: [
    { status: "unpaid", at: "2025-03-04T10:15:00.000Z" },
    { status: "paid", at: "2025-03-04T10:20:00.000Z" },
    { status: "shipped", at: "2025-03-05T09:00:00.000Z" },
  ],
  carrier: "UPS",
  trackingNumber: "1Z999AA10123456784",
  trackingUrl: "https://www.ups.com/track?tracknum=1Z999AA10123456784",
};

describe("OrderDetailScreen", () => {
  let api: Awaited<ReturnType<typeof startOrdersApi>> | undefined;
  afterEach(async () => {
    vi.restoreAllMocks();
    await api?.close();
    api = undefined;
  });

  function open(answer: Parameters<typeof startOrdersApi>[0], id = ID) {
    return startOrdersApi(answer).then((started) => {
      api = started;
      return renderScreen(<OrderDetailScreen orderId={id} back={BACK} />);
    });
  }

  it("shows the receipt: number, line, delivery, payment, shipment and history in order", async () => {
    await open(() => ({ status: 200, body: SHIPPED }));
    expect(await screen.findByRole("heading", { level: 1, name: "Order TS-000042" })).toBeInTheDocument();
    expect(api?.callsTo("GET", `/api/orders/${ID}/detail`)).toHaveLength(1);

    const items = screen.getByRole("table");
    const cells = within(items)
      .getAllByRole("cell")
      .map((cell) => cell.textContent);
    expect(cells).toEqual(["PliersPart number PL-180", "$12.50", "20", "$250.00"]);
    for (const text of [
      "1 Main St, Springfield",
      "+1 555-0100",
      "pi_test_123",
      "UPS",
      "1Z999AA10123456784",
    ]) {
      expect(screen.getByText(text)).toBeInTheDocument();
    }
    const history = within(screen.getByRole("list", { name: "Status history" })).getAllByRole("listitem");
    expect(history.map((item) => item.textContent?.split(/\s*[A-Z][a-z]{2} \d/)[0])).toEqual([
      "Unpaid",
      "Paid",
      "Shipped",
    ]);
    // A shipped order has nothing to pay.
    expect(screen.queryByRole("link", { name: "Pay" })).not.toBeInTheDocument();
  });

  it("shows one row per line of a several-line order, a refunded quantity and the order's total", async () => {
    const twoLines = aTwoLineOrder({
      status: "paid",
      paid: true,
      transactionId: "pi_test_7",
      holdsUntil: null,
    });
    const [clamp, meter] = twoLines.lines as [OrderLine, OrderLine];
    await open(() => ({
      status: 200,
      body: { ...SHIPPED, ...twoLines, lines: [clamp, { ...meter, refundedQuantity: 1 }] },
    }));
    const table = await screen.findByRole("table");
    const rows = within(table)
      .getAllByRole("row")
      .map((row) =>
        within(row)
          .queryAllByRole("cell")
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      [],
      ["Cart ClampPart number CL-4", "$15.50", "4", "$62.00"],
      ["Cart MeterPart number MT-3", "$42.00", "3(1 refunded)", "$126.00"],
      ["$188.00"],
      ["$42.00"],
    ]);
    expect(within(table).getByRole("rowheader", { name: "Order total" })).toBeInTheDocument();
    expect(within(table).getByRole("rowheader", { name: "Refunded" })).toBeInTheDocument();
  });

  it("links the carrier's tracking page the server gave", async () => {
    await open(() => ({ status: 200, body: SHIPPED }));
    const track = await screen.findByRole("link", { name: "Track your parcel with UPS" });
    expect(track.getAttribute("href")).toBe("https://www.ups.com/track?tracknum=1Z999AA10123456784");
  });

  it.each([
    ["an unknown carrier", { carrier: "Acme Couriers", trackingUrl: null }],
    ["a javascript: address", { trackingUrl: "javascript:alert(1)" }],
    ["a plain http address", { trackingUrl: "http://www.ups.com/track?tracknum=1" }],
  ])("shows the tracking number but no link for %s", async (_case, change) => {
    await open(() => ({ status: 200, body: { ...SHIPPED, ...change } }));
    expect(await screen.findByText("1Z999AA10123456784")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: /^Track your parcel/ })).not.toBeInTheDocument();
  });

  it("prints with the browser's print dialog", async () => {
    const print = vi.spyOn(window, "print").mockImplementation(() => undefined);
    const { user } = await open(() => ({ status: 200, body: SHIPPED }));
    await user.click(await screen.findByRole("button", { name: "Print receipt" }));
    expect(print).toHaveBeenCalledOnce();
  });

  it("offers to pay an unpaid order", async () => {
    const unpaid = {
      ...SHIPPED,
      ...anOrder(),
      carrier: null,
      trackingNumber: null,
      trackingUrl: null,
      history: [SHIPPED.history[0]],
    };
    await open(() => ({ status: 200, body: unpaid }));
    const pay = await screen.findByRole("link", { name: "Pay" });
    expect(pay.getAttribute("href")).toBe(`/dashboard/payment/${ID}`);
    expect(screen.queryByText("Carrier")).not.toBeInTheDocument();
  });

  it("says so when the order is someone else's or does not exist, with the way back", async () => {
    await open(() => apiError(403, "Forbidden", "This order belongs to another customer."));
    expect((await screen.findByRole("alert")).textContent).toContain(
      "This order belongs to another customer.",
    );
    expect(screen.getByRole("link", { name: "Back to My orders" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1, name: "Order" })).toBeInTheDocument();
  });

  it("asks nothing for a malformed id", async () => {
    await open(() => ({ status: 200, body: SHIPPED }), "not-an-id");
    expect((await screen.findByRole("alert")).textContent).toContain("There is no order with this id.");
    expect(api?.calls).toHaveLength(0);
  });

  it("offers a retry when the server fails, and shows the order once it answers", async () => {
    let fail = true;
    const { user } = await open(() =>
      fail ? apiError(500, "Internal Server Error", "Boom.") : { status: 200, body: SHIPPED },
    );
    expect((await screen.findByRole("alert")).textContent).toContain("The order could not be loaded.");
    fail = false;
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Order TS-000042" })).toBeInTheDocument();
  });
});

import type { Quote, QuoteLine } from "@toolshop/shared/quote-offers";
import type { Shop, Tool } from "@toolshop/shared/tools";
import { DRILL, PLIERS } from "../../cart/test/cart-data";

export { DRILL, PLIERS };

/** GET /api/shop of a shop adding 20% tax on top of its prices. */
export const SHOP_WITH_TAX: Shop = {
  currency: "USD",
  tax: { ratePercent: 20, pricesIncludeTax: false },
  seller: { name: "Toolshop", addressLines: [], taxId: null },
};

/** A far future: an offer valid until then is open whenever the tests run. */
export const FAR_FUTURE = "2999-01-01T12:00:00.000Z";

/** A line of `tool`, priced at `unitPrice` when given. */
function aLine(tool: Tool, quantity: number, unitPrice: number | null = null): QuoteLine {
  const { _id: toolId, name, image, sku, price: listPrice } = tool;
  const total = unitPrice === null ? null : unitPrice * quantity;
  return { toolId, name, image, sku, quantity, unitPrice, total, listPrice, priceBreaks: [] };
}

/** Ann's request for 60 pliers and 10 drills from her cart, not priced yet. */
export function aRequestedQuote(overrides: Partial<Quote> = {}): Quote {
  return {
    _id: "7e57a0b0-0000-4000-8000-000000000001",
    state: "requested",
    name: "Ann Lee",
    email: "ann@example.com",
    phone: "",
    company: "Builder & Sons",
    message: "Delivery in March, please.",
    tool: "",
    quantity: null,
    createdAt: "2026-03-01T12:00:00.000Z",
    lines: [aLine(PLIERS, 60), aLine(DRILL, 10)],
    discountPercent: null,
    freight: null,
    total: null,
    note: null,
    validUntil: null,
    declineReason: null,
    orderId: null,
    history: [{ state: "requested", at: "2026-03-01T12:00:00.000Z" }],
    ...overrides,
  };
}

/** The same request with the owner's offer: 60 pliers at 10.50 and 12 drills at 80.00, valid far ahead. */
export function anOfferedQuote(overrides: Partial<Quote> = {}): Quote {
  const requested = aRequestedQuote();
  return {
    ...requested,
    state: "offered",
    lines: [aLine(PLIERS, 60, 10.5), aLine(DRILL, 12, 80)],
    total: 1590,
    note: "Trade prices, delivery in 5 days.",
    validUntil: FAR_FUTURE,
    history: [...requested.history, { state: "offered", at: "2026-03-02T12:00:00.000Z" }],
    ...overrides,
  };
}

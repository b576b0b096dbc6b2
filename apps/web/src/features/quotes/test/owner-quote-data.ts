import type { Quote, QuoteLine } from "@toolshop/shared/quote-offers";
import type { ApiAnswer, ApiCall } from "../../orders/test/render-with-api";
import { makeTools, searchAnswer } from "../../tools/test/search-api";

export const QUOTE_ID = "11111111-1111-4111-8111-111111111111";
export const PLIERS_ID = "22222222-2222-4222-8222-222222222222";
export const DRILL_ID = "33333333-3333-4333-8333-333333333333";

/** A line as GET /api/quotes/:id shows it before an offer: tool, quantity, the tool's prices now. */
export function requestedLine(overrides: Partial<QuoteLine> = {}): QuoteLine {
  return {
    toolId: PLIERS_ID,
    name: "Pliers",
    image: "/images/tools/pliers.svg",
    sku: "PL-180",
    quantity: 60,
    unitPrice: null,
    total: null,
    listPrice: 12.5,
    priceBreaks: [{ minQuantity: 50, unitPrice: 11 }],
    ...overrides,
  };
}

/** A customer's request from their cart: 60 pliers (a price break from 50) and 10 drills. */
export function requestedQuote(overrides: Partial<Quote> = {}): Quote {
  return {
    _id: QUOTE_ID,
    state: "requested",
    name: "Ada Builder",
    email: "ada@example.com",
    phone: "",
    company: "Builder & Sons",
    message: "For the spring season.",
    tool: "",
    quantity: null,
    createdAt: "2026-03-01T09:00:00.000Z",
    lines: [
      requestedLine(),
      requestedLine({
        toolId: DRILL_ID,
        name: "Drill",
        sku: "DR-10",
        quantity: 10,
        listPrice: 40,
        priceBreaks: [],
      }),
    ],
    discountPercent: null,
    freight: null,
    total: null,
    note: null,
    validUntil: null,
    declineReason: null,
    orderId: null,
    history: [{ state: "requested", at: "2026-03-01T09:00:00.000Z" }],
    ...overrides,
  };
}

/** The quote once offered at these unit prices, as POST /api/quotes/:id/offer answers it. */
export function offeredQuote(prices: [number, number] = [10, 35], overrides: Partial<Quote> = {}): Quote {
  const requested = requestedQuote();
  const lines = requested.lines.map((line, index) => {
    const unitPrice = prices[index] ?? 1;
    return { ...line, unitPrice, total: unitPrice * line.quantity };
  });
  return {
    ...requested,
    state: "offered",
    lines,
    total: lines.reduce((sum, line) => sum + (line.total ?? 0), 0),
    note: "Trade prices",
    validUntil: "2026-03-16T10:00:00.000Z",
    history: [...requested.history, { state: "offered", at: "2026-03-02T10:00:00.000Z" }],
    ...overrides,
  };
}

/** The catalogue the tool picker searches: "Tool 1".."Tool 5" at 1..5 each. */
export const CATALOGUE = makeTools(5);

/**
 * An API holding one quote: GET answers it, a command answers `after` (or the command's own answer),
 * and anything else is the catalogue search.
 */
export function quoteApi(quote: Quote, commands: (call: ApiCall) => ApiAnswer | undefined = () => undefined) {
  return (call: ApiCall): ApiAnswer => {
    if (call.method === "GET" && call.path === `/api/quotes/${quote._id}`)
      return { status: 200, body: quote };
    if (call.method === "POST") return commands(call) ?? { status: 500, body: { message: "unexpected" } };
    return searchAnswer(CATALOGUE, call);
  };
}

import type { OtherBrowser } from "./api-fixtures";

// The owner's part of the quotes spec (e2e/quotes.spec.ts): pricing a customer's request and sending
// the offer. Through the API for now (POST /api/quotes/:id/offer as the shop's admin); the steps
// through the owner's Quote requests screen replace this body, with the same signature.

export interface OfferedLine {
  toolId: string;
  /** The tool's name, as the owner finds its line on the screen. */
  toolName: string;
  quantity: number;
  unitPrice: number;
}

export interface OfferToSend {
  lines: OfferedLine[];
  note: string;
  /** Days the offer holds; the shop's 14 when left out. */
  validDays?: number;
}

/** The owner (the shared admin, in a browser of their own) prices the request `quoteId` and sends it. */
export async function ownerSendsOffer(owner: OtherBrowser, quoteId: string, offer: OfferToSend) {
  const lines = offer.lines.map(({ toolId, quantity, unitPrice }) => ({ toolId, quantity, unitPrice }));
  await owner.api("POST", `/api/quotes/${quoteId}/offer`, {
    data: { lines, note: offer.note, ...(offer.validDays ? { validDays: offer.validDays } : {}) },
  });
}

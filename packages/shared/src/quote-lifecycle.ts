// A quote's lifecycle (issue 49): one transition table, read by the server (which refuses any other
// change with a 409) and by the web (which offers a quote only the actions its state allows), as
// order-lifecycle.ts does for orders.

export const quoteStates = ["requested", "offered", "accepted", "declined", "expired", "withdrawn"] as const;
export type QuoteState = (typeof quoteStates)[number];

/**
 * Which state may follow which; anything else is a 409. offered -> offered is a revision: the new
 * offer replaces the old one, which is gone.
 */
export const QUOTE_TRANSITIONS: Readonly<Record<QuoteState, readonly QuoteState[]>> = {
  requested: ["offered"],
  offered: ["offered", "accepted", "declined", "expired", "withdrawn"],
  accepted: [],
  declined: [],
  expired: [],
  withdrawn: [],
};

export function isAllowedQuoteTransition(from: QuoteState, to: QuoteState): boolean {
  return QUOTE_TRANSITIONS[from].includes(to);
}

/** The state a quote is in at `now`: an offer past its validity is expired, whether or not stored so yet. */
export function effectiveQuoteState(
  state: QuoteState,
  validUntil: Date | string | null,
  now: Date = new Date(),
): QuoteState {
  if (state !== "offered" || validUntil === null) return state;
  return new Date(validUntil).getTime() <= now.getTime() ? "expired" : state;
}

const STATE: Record<QuoteState, string> = {
  requested: "has no offer yet",
  offered: "has an offer",
  accepted: "was accepted",
  declined: "was declined",
  expired: "has expired",
  withdrawn: "was withdrawn",
};

const VERB: Record<QuoteState, string> = {
  requested: "requested again",
  offered: "offered",
  accepted: "accepted",
  declined: "declined",
  expired: "expired",
  withdrawn: "withdrawn",
};

/** The 409 sentence for a change the table forbids: what the quote is, and what it cannot become. */
export function illegalQuoteTransitionMessage(from: QuoteState, to: QuoteState): string {
  return `This quote ${STATE[from]}, so it cannot be ${VERB[to]}.`;
}

/** What the web calls each state. */
export const QUOTE_STATE_LABELS: Record<QuoteState, string> = {
  requested: "Requested",
  offered: "Offer sent",
  accepted: "Accepted",
  declined: "Declined",
  expired: "Expired",
  withdrawn: "Withdrawn",
};

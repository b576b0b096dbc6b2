import { CARD_ERRORS, cardInputProblem, type TestCard } from "@toolshop/shared/payments";

export interface TypedCard {
  number: string;
  /** As typed: "MM/YY", "MM / YYYY" or "MMYY". */
  expiry: string;
  cvc: string;
}

export type CardField = keyof TypedCard;

const EXPIRY_PATTERN = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$|^(\d{2})(\d{2})$/;

/** The typed card in the test gateway's shape; an unreadable expiry becomes NaN ("incomplete"). */
export function toTestCard(card: TypedCard): TestCard {
  const match = EXPIRY_PATTERN.exec(card.expiry.trim());
  const month = match?.[1] ?? match?.[3];
  const year = match?.[2] ?? match?.[4];
  return {
    number: card.number,
    expMonth: month === undefined ? Number.NaN : Number(month),
    expYear: year === undefined ? Number.NaN : Number(year),
    cvc: card.cvc,
  };
}

const FIELD_OF_PROBLEM: Record<string, CardField> = {
  [CARD_ERRORS.incompleteNumber]: "number",
  [CARD_ERRORS.invalidNumber]: "number",
  [CARD_ERRORS.incompleteExpiry]: "expiry",
  [CARD_ERRORS.invalidExpiryMonth]: "expiry",
  [CARD_ERRORS.expiryInPast]: "expiry",
  [CARD_ERRORS.incompleteCvc]: "cvc",
};

/** Problems that cannot be fixed by typing on, so they show at once, as Stripe's card element does. */
const SHOWN_WHILE_TYPING = new Set<string>([
  CARD_ERRORS.invalidNumber,
  CARD_ERRORS.invalidExpiryMonth,
  CARD_ERRORS.expiryInPast,
]);

/**
 * The red text under the test card form: the card's first problem (shared `cardInputProblem`), shown
 * while typing when it is a real mistake, and once its field has been left (or Pay pressed) when it is
 * only incomplete.
 */
export function visibleCardProblem(
  card: TypedCard,
  left: ReadonlySet<CardField>,
  attempted: boolean,
  now: Date = new Date(),
): { message: string; field: CardField } | null {
  const message = cardInputProblem(toTestCard(card), now);
  if (!message) return null;
  const field = FIELD_OF_PROBLEM[message] ?? "number";
  if (attempted || left.has(field) || SHOWN_WHILE_TYPING.has(message)) return { message, field };
  return null;
}

import { QUOTE_LIMITS } from "@toolshop/shared/quote-limits";
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH } from "@toolshop/shared/text";

export { QUOTE_QUANTITY_RANGE } from "@toolshop/shared/quote-limits";

export const QUOTE_FIELDS = ["name", "email", "phone", "company", "tool", "quantity", "message"] as const;
export type QuoteField = (typeof QUOTE_FIELDS)[number];

/** The form's values as typed; an empty quantity is left out ("no quantity given", not zero). */
export interface QuoteFormValues {
  name: string;
  email: string;
  phone: string;
  company: string;
  tool: string;
  quantity?: string;
  message: string;
}

/**
 * The shared schema's caps, as the browser's own constraints: they work before any script has run.
 * Imported from the zod-free modules (quote-limits.ts, text.ts): @toolshop/shared/quotes builds its zod
 * schemas when loaded, which would put zod into the home page's first load.
 */
export const QUOTE_MAX_LENGTHS = { name: NAME_MAX_LENGTH, email: EMAIL_MAX_LENGTH, ...QUOTE_LIMITS } as const;

export function isQuoteField(name: string): name is QuoteField {
  return (QUOTE_FIELDS as readonly string[]).includes(name);
}

/** What the form holds now, read from its elements (they are uncontrolled: typing never waits for React). */
export function readQuoteForm(form: HTMLFormElement): QuoteFormValues {
  const data = new FormData(form);
  const text = (field: QuoteField) => {
    const value = data.get(field);
    return typeof value === "string" ? value : "";
  };
  const quantity = text("quantity");
  return {
    name: text("name"),
    email: text("email"),
    phone: text("phone"),
    company: text("company"),
    tool: text("tool"),
    ...(quantity === "" ? {} : { quantity }),
    message: text("message"),
  };
}

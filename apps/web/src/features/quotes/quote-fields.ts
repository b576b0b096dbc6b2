import { QUOTE_LIMITS } from "@toolshop/shared/quote-limits";
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH } from "@toolshop/shared/text";

export { QUOTE_QUANTITY_RANGE } from "@toolshop/shared/quote-limits";

/**
 * The shared schema's caps, as the browser's own constraints: they work before any script has run.
 * Imported from the zod-free modules (quote-limits.ts, text.ts): @toolshop/shared/quotes builds its zod
 * schemas when loaded, which would put zod into the home page's first load.
 */
export const QUOTE_MAX_LENGTHS = { name: NAME_MAX_LENGTH, email: EMAIL_MAX_LENGTH, ...QUOTE_LIMITS } as const;

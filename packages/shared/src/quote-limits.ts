// The quote form's caps without zod: the pre-rendered form on the home page sets them as the browser's
// own constraints (maxLength, min, max) before any script runs; quotes.ts builds its schema on them.

export const QUOTE_LIMITS = { phone: 40, company: 200, tool: 200, message: 2000 } as const;
export const QUOTE_QUANTITY_RANGE = { min: 1, max: 100000 } as const;

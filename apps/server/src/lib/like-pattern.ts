/** A LIKE pattern that matches `prefix` literally (%, _ and \ escaped) at the start. */
export const startsWith = (prefix: string) => `${prefix.replace(/[\\%_]/g, "\\$&")}%`;

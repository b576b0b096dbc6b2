import { type RefObject, useEffect } from "react";

/**
 * A visitor may type into, or choose in, a field of a page the server rendered before React has taken
 * it over. React 19 hydrates the field without an onChange for that, and its next render puts the
 * rendered value back: the words vanish, or a typed quantity is silently replaced. Once, as React takes
 * the field over, this hands what the field holds to `adopt` when it differs from what was rendered. A
 * passive effect: the hydration's effects all run before any next render, and by then the router takes
 * navigations (`adopt` may change the URL). On a page rendered in the browser nothing differs.
 */
export function useTypedBeforeHydration(
  field: RefObject<HTMLInputElement | HTMLSelectElement | null>,
  rendered: string,
  adopt: (value: string) => void,
): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as React takes the field over.
  useEffect(() => {
    const value = field.current?.value;
    if (value !== undefined && value !== rendered) adopt(value);
  }, []);
}

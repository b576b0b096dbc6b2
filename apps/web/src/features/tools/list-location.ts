// "Back to the tools" from the checkout returns to the list as the shopper left it: the tool card's
// Order now link carries the home page's search (category, words, sort) in the history state.

const FALLBACK = "/#tools";

/** The history state an Order now link carries: the home page's address with its search. */
export function toolsListState(search: string): { toolsList: string } {
  return { toolsList: `/${search}#tools` };
}

/** Where Back to the tools leads: the list as it was left, or the whole list for any other state. */
export function toolsListHref(state: unknown): string {
  const at = state && typeof state === "object" ? (state as { toolsList?: unknown }).toolsList : undefined;
  // Only the home page with a query: a state from elsewhere cannot send the link off the site.
  return typeof at === "string" && /^\/(\?[^#/\\]*)?#tools$/.test(at) ? at : FALLBACK;
}

/**
 * React Router saves a page's scroll position under its history entry's key, and restores it when the
 * entry is shown again. An entry the browser loaded fresh (a typed address, a link from another site,
 * a plain <a> clicked before the app ran) has no state, and React Router keys every such entry
 * "default": the position saved as the tab left one page was restored on the next page loaded fresh,
 * and won over its #section. Such an entry gets a key of its own; a reload or Back keeps it, since the
 * browser keeps an entry's state, so those still find their position.
 */
export function keyFreshHistoryEntry(history: History = window.history): void {
  const state: unknown = history.state;
  const entry = typeof state === "object" && state !== null ? (state as Record<string, unknown>) : {};
  if (typeof entry.key === "string") return;
  history.replaceState({ usr: null, idx: 0, ...entry, key: Math.random().toString(36).slice(2, 10) }, "");
}

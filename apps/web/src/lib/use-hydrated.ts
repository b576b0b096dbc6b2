import { useSyncExternalStore } from "react";

// The home page is pre-rendered at build time (docs/decisions/0003-prerender-home-page.md), so
// hydration must first render what the build saw. A store that never changes, with a server snapshot
// apart from the browser's, does that: React hydrates with the server's value, then renders once more
// with the browser's.
const subscribeToNothing = () => () => {};

/**
 * `browserValue()` in the browser; `buildValue()` while React hydrates the build's pre-render (and on
 * the server). Each must answer the same value every time it is called (a primitive or a constant):
 * React compares the answers to decide whether to render again.
 */
export function useBrowserValue<T>(browserValue: () => T, buildValue: () => T): T {
  return useSyncExternalStore(subscribeToNothing, browserValue, buildValue);
}

const yes = () => true;
const no = () => false;

/** False while React hydrates the build's pre-render of `/` (and on the server), true from then on. */
export function useHydrated(): boolean {
  return useBrowserValue(yes, no);
}

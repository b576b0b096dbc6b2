import { useLayoutEffect, useRef } from "react";
import { useLocation } from "react-router";

/**
 * Scrolls to the #section a visit arrived at (/legal#cookie-policy from a shared link), once the page
 * shows it. React Router's ScrollRestoration looks for the section as soon as the router starts, and a
 * page whose code loads separately is not there yet: it then scrolls to the top and does not look
 * again. The browser's own scroll to it ran before the app too. Only for a page loaded fresh: on a
 * reload or Back, ScrollRestoration puts back where the visitor was, and a later navigation within
 * the app finds its page already rendered.
 */
export function useArrivalSection(): void {
  const location = useLocation();
  const arrival = useRef<{ key: string; hash: string } | null>(null);
  // Read once: the layout renders again on every navigation.
  arrival.current ??= { key: location.key, hash: freshLoadHash() };
  useLayoutEffect(() => {
    const pending = arrival.current;
    if (!pending?.hash) return;
    if (location.key !== pending.key) {
      pending.hash = "";
      return;
    }
    const section = sectionFor(pending.hash);
    if (!section) return;
    section.scrollIntoView();
    pending.hash = "";
  });
}

function freshLoadHash(): string {
  const [entry] = performance.getEntriesByType?.("navigation") ?? [];
  const type = (entry as PerformanceNavigationTiming | undefined)?.type;
  return type === "navigate" ? window.location.hash : "";
}

function sectionFor(hash: string): HTMLElement | null {
  try {
    return document.getElementById(decodeURIComponent(hash.slice(1)));
  } catch {
    return null; // not a decodable id: nothing to scroll to
  }
}

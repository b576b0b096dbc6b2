// The tools ticked for comparison (issue 58): up to four ids, kept for the tab (sessionStorage), so
// that they stay ticked across filters, a product page and Back. None while the server's page
// hydrates, then the tab's.
import { COMPARE_MAX_TOOLS } from "@toolshop/shared/catalogue";
import { PAGE_PATHS } from "@toolshop/shared/page-paths";
import { useSyncExternalStore } from "react";

const STORAGE_KEY = "toolshop.compare";
const NONE: readonly string[] = [];
const listeners = new Set<() => void>();
let cached: { text: string | null; ids: readonly string[] } = { text: null, ids: NONE };

function read(): readonly string[] {
  let text: string | null = null;
  try {
    text = sessionStorage.getItem(STORAGE_KEY);
  } catch {
    // Storage refused (a private window's quota, a sandbox): nothing is kept.
  }
  if (text === cached.text) return cached.ids;
  let ids: readonly string[] = NONE;
  try {
    const parsed: unknown = text ? JSON.parse(text) : [];
    if (Array.isArray(parsed)) {
      ids = parsed.filter((id): id is string => typeof id === "string").slice(0, COMPARE_MAX_TOOLS);
    }
  } catch {
    ids = NONE;
  }
  cached = { text, ids };
  return ids;
}

function write(ids: readonly string[]): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(ids));
  } catch {
    // As above: the choice lasts as long as the page then.
  }
  cached = { text: JSON.stringify(ids), ids };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether ticking `id` was taken: false when four are ticked already. */
export function toggleCompared(id: string): boolean {
  const ids = read();
  if (ids.includes(id)) {
    write(ids.filter((other) => other !== id));
    return true;
  }
  if (ids.length >= COMPARE_MAX_TOOLS) return false;
  write([...ids, id]);
  return true;
}

/** The comparison page's list, as its URL now holds it (a tool removed there is unticked). */
export function setCompared(ids: readonly string[]): void {
  write(ids.slice(0, COMPARE_MAX_TOOLS));
}

export function useComparedTools(): readonly string[] {
  return useSyncExternalStore(subscribe, read, () => NONE);
}

/** The comparison page of `ids`. */
export const comparePath = (ids: readonly string[]) => `${PAGE_PATHS.compare}?ids=${ids.join(",")}`;

// A visitor's cart, kept in the browser (localStorage) until sign-in joins it to the account's (issue
// 48). No zod here: the home page's tool cards import it.

export interface VisitorLine {
  toolId: string;
  quantity: number;
  /** The unit price shown when the line was added. */
  seenPrice: number;
}

const STORAGE_KEY = "toolshop.cart";
const EMPTY: VisitorLine[] = [];
const listeners = new Set<() => void>();
let cached: { text: string | null; lines: VisitorLine[] } = { text: null, lines: EMPTY };

function isLine(value: unknown): value is VisitorLine {
  if (!value || typeof value !== "object") return false;
  const line = value as Record<string, unknown>;
  return (
    typeof line.toolId === "string" &&
    Number.isInteger(line.quantity) &&
    (line.quantity as number) > 0 &&
    typeof line.seenPrice === "number" &&
    line.seenPrice > 0
  );
}

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    // Storage turned off: the visitor's cart lasts as long as the page.
    return null;
  }
}

let inMemory: string | null = null;

/** The visitor's lines; the same array until they change (for useSyncExternalStore). */
export function readVisitorCart(): VisitorLine[] {
  const store = storage();
  const text = store ? store.getItem(STORAGE_KEY) : inMemory;
  if (text === cached.text) return cached.lines;
  let lines = EMPTY;
  try {
    const parsed: unknown = text ? JSON.parse(text) : [];
    // Whatever another tab or an old version left: only well-formed lines, each tool once.
    if (Array.isArray(parsed)) {
      const seen = new Set<string>();
      lines = parsed.filter((line): line is VisitorLine => {
        if (!isLine(line) || seen.has(line.toolId)) return false;
        seen.add(line.toolId);
        return true;
      });
    }
  } catch {
    lines = EMPTY;
  }
  cached = { text, lines };
  return lines;
}

export function writeVisitorCart(lines: VisitorLine[]): void {
  const text = lines.length ? JSON.stringify(lines) : null;
  const store = storage();
  if (store) {
    if (text === null) store.removeItem(STORAGE_KEY);
    else store.setItem(STORAGE_KEY, text);
  } else {
    inMemory = text;
  }
  for (const listener of listeners) listener();
}

export function subscribeToVisitorCart(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab changed the cart.
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEY || event.key === null) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** For the pre-render and hydration: the page is built with no cart. */
export function serverVisitorCart(): VisitorLine[] {
  return EMPTY;
}

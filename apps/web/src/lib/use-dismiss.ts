import { type RefObject, useEffect } from "react";

/**
 * Closes a popup (menu, dropdown) when the user presses Escape inside it, clicks outside it,
 * or moves keyboard focus out of it. `close(true)` asks the caller to move focus back to its toggle.
 */
export function useDismiss(
  containerRef: RefObject<HTMLElement | null>,
  open: boolean,
  close: (restoreFocus: boolean) => void,
): void {
  useEffect(() => {
    if (!open) return;
    const container = containerRef.current;
    // Listening on the container lets a popup inside another (the account menu in the phone menu)
    // take Escape first; the outer one then sees it handled.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || event.defaultPrevented) return;
      event.preventDefault();
      close(true);
    };
    const onPointerDown = (event: PointerEvent) => {
      if (container && !container.contains(event.target as Node)) close(false);
    };
    const onFocusOut = (event: FocusEvent) => {
      const next = event.relatedTarget as Node | null;
      if (next && container && !container.contains(next)) close(false);
    };
    container?.addEventListener("keydown", onKeyDown);
    document.addEventListener("pointerdown", onPointerDown);
    container?.addEventListener("focusout", onFocusOut);
    return () => {
      container?.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("pointerdown", onPointerDown);
      container?.removeEventListener("focusout", onFocusOut);
    };
  }, [containerRef, open, close]);
}

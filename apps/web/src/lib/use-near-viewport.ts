import { type RefObject, useEffect, useState } from "react";

/**
 * Becomes true (and stays true) once the element comes within `margin` of the viewport, so a heavy
 * part of a long page is only downloaded when the visitor scrolls towards it.
 */
export function useNearViewport(ref: RefObject<Element | null>, margin = "600px"): boolean {
  // False at first everywhere, also in the build's pre-render (Node has no IntersectionObserver), so
  // that hydration matches; without the observer the part loads right after.
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    if (typeof IntersectionObserver === "undefined") {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, margin, near]);
  return near;
}

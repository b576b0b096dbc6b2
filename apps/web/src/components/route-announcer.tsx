import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";

/** How long a new page may take (its code, then its data) to show its heading. */
const HEADING_WAIT_MS = 5000;

/**
 * After a change of page (not on the first load, not for #anchors on the same page): moves the focus to
 * the new page's <h1> and has screen readers announce the page's title, as a full page load would. The
 * page is lazy and may load data first, so this waits for its heading to appear. A page that has already
 * put the focus somewhere inside itself (a receipt, a dialog) keeps it.
 */
export function RouteAnnouncer() {
  const { pathname } = useLocation();
  const [announcement, setAnnouncement] = useState("");
  const firstPath = useRef(pathname);

  useEffect(() => {
    if (firstPath.current === pathname) return;
    firstPath.current = "";
    const main = document.getElementById("main-content");
    if (!main) return;
    let done = false;
    const finish = (heading: HTMLElement) => {
      done = true;
      observer.disconnect();
      window.clearTimeout(timer);
      const focused = document.activeElement;
      if (!(focused instanceof HTMLElement && main.contains(focused) && focused !== main)) {
        if (!heading.hasAttribute("tabindex")) heading.tabIndex = -1;
        heading.focus({ preventScroll: true });
      }
      // After the page has set its title (useDocumentTitle runs in the page's effects).
      setAnnouncement(document.title);
    };
    const look = () => {
      const heading = main.querySelector<HTMLElement>("h1");
      if (heading && !done) finish(heading);
    };
    const observer = new MutationObserver(look);
    observer.observe(main, { childList: true, subtree: true });
    const timer = window.setTimeout(() => observer.disconnect(), HEADING_WAIT_MS);
    // The router shows the new page once its code is in, so its heading may be here already.
    look();
    return () => {
      done = true;
      observer.disconnect();
      window.clearTimeout(timer);
    };
  }, [pathname]);

  return (
    <p aria-live="polite" aria-atomic="true" className="sr-only">
      {announcement}
    </p>
  );
}

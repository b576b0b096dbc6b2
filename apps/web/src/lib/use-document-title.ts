import { useEffect } from "react";

const SITE_NAME = "Toolshop";

/** Sets the browser tab's title for the page on screen. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} | ${SITE_NAME}`;
  }, [title]);
}

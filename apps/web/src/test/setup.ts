import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";

// jsdom has no layout, so no scrolling; React Router's ScrollRestoration calls this on navigation.
window.scrollTo = () => undefined;

// Pages are lazy chunks that Vite transforms on first import; on a busy machine that takes longer
// than Testing Library's default second.
configure({ asyncUtilTimeout: 5000 });

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
});

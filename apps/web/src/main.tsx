import "./lib/zod-jitless";
import "react-toastify/ReactToastify.css";
import "./index.css";
import { hydrate } from "@tanstack/react-query";
import { startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "./app/app";
import { createAppRouter } from "./app/router";
import { whenRouterReady } from "./app/router-ready";
import { startSession } from "./features/auth/session-loader";
import { readServerQueries, SERVER_RENDERED_ATTRIBUTE } from "./features/storefront/server-data";
import { applyShopCurrency } from "./features/storefront/shop-currency";
import { handleVitePreloadErrors } from "./lib/chunk-load";
import { makeFormatsWhenIdle } from "./lib/format";
import { createQueryClient } from "./lib/query-client";

handleVitePreloadErrors(window);
// Who is signed in is settled at once, in parallel with the first page's code.
void startSession();
// Prices are shown in the shop's currency, which the server writes into the page: known at once. Only
// Vite's development server sends pages without it; then the first render waits for GET /api/shop.
const shopReady = applyShopCurrency();
makeFormatsWhenIdle();

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");

const router = createAppRouter();
const queryClient = createQueryClient();
const app = <App router={router} queryClient={queryClient} />;

function render(root: HTMLElement) {
  root.replaceChildren();
  createRoot(root).render(app);
}

// The path the server rendered, with the query it rendered it with (/tools?category=drills&attr.…):
// the pages it renders read every part of their query they show, so the path alone must match.
const renderedAt = container.getAttribute(SERVER_RENDERED_ATTRIBUTE);
if (renderedAt !== null && renderedAt.split("?")[0] === window.location.pathname) {
  // The server rendered this page with React (`/`, a product page: docs/decisions/0047), from the
  // data it put beside #root: it is already painted. React takes it over once the page's lazy code is
  // in, with that data in its cache, so the first render matches the markup; as a transition, so the
  // hydration yields to the browser every few milliseconds instead of blocking it in one long task.
  const state = readServerQueries(document);
  if (state) hydrate(queryClient, state);
  void Promise.all([whenRouterReady(router), shopReady]).then(() => {
    // A page whose code could not be downloaded shows its error instead: nothing to hydrate.
    if (router.state.errors) render(container);
    else startTransition(() => void hydrateRoot(container, app));
  });
} else if (shopReady) {
  void shopReady.then(() => render(container));
} else {
  render(container);
}

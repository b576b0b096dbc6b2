import "./lib/zod-jitless";
import "react-toastify/ReactToastify.css";
import "./index.css";
import { startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "./app/app";
import { PRERENDERED_PATH_ATTRIBUTE } from "./app/prerendered-path";
import { createAppRouter } from "./app/router";
import { whenRouterReady } from "./app/router-ready";
import { startSession } from "./features/auth/session-state";
import { SERVER_RENDERED_ATTRIBUTE } from "./features/storefront/server-data";
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
const app = <App router={router} queryClient={createQueryClient()} />;

function render(root: HTMLElement) {
  root.replaceChildren();
  createRoot(root).render(app);
}

if (container.getAttribute(PRERENDERED_PATH_ATTRIBUTE) === window.location.pathname) {
  // The build pre-rendered this page (index.html of `/`): it is already painted. React takes it over
  // once the page's lazy code is in, so the first render matches the markup; as a transition, so the
  // hydration yields to the browser every few milliseconds instead of blocking it in one long task.
  void Promise.all([whenRouterReady(router), shopReady]).then(() => {
    // A page whose code could not be downloaded shows its error instead: nothing to hydrate.
    if (router.state.errors) render(container);
    else startTransition(() => void hydrateRoot(container, app));
  });
} else if (container.hasAttribute(SERVER_RENDERED_ATTRIBUTE)) {
  // The server rendered this page (a product page) with markup that is not React's: it cannot be
  // hydrated, and must not be emptied either. It stays on screen until the page's code is in (its data
  // is in the page), then React's first commit replaces it in one go: React empties the container of a
  // new root when it first commits into it.
  void Promise.all([whenRouterReady(router), shopReady]).then(() => createRoot(container).render(app));
} else if (shopReady) {
  void shopReady.then(() => render(container));
} else {
  render(container);
}

import { PAGE_PATHS } from "@toolshop/shared/page-paths";
import { createBrowserRouter, type PatchRoutesOnNavigationFunction, type RouteObject } from "react-router";
import { loadChunk } from "../lib/chunk-load";
import { keyFreshHistoryEntry } from "./history-entry-key";
import { RootFallback, RootLayout } from "./layouts/root-layout";
import { lazyPage } from "./lazy-page";
import { RootRouteError, RouteError } from "./route-error";

/** The route whose children are the pages; the signed-in routes are added to it when first visited. */
const PAGES_ROUTE_ID = "pages";
const SIGNED_IN_PREFIXES = [PAGE_PATHS.dashboard, "/checkout"];

/**
 * The route table of docs/product.md section 2, public part, its paths from PAGE_PATHS (the server's list of
 * pages too). Every page is its own chunk. The signed-in routes
 * (/checkout/:id, /dashboard and its children: signed-in-routes.tsx) are a chunk of their own too,
 * so that neither they nor their growing number of pages weigh on the home page.
 */
export const appRoutes: RouteObject[] = [
  {
    path: PAGE_PATHS.home,
    Component: RootLayout,
    ErrorBoundary: RootRouteError,
    // Shown while the signed-in routes are discovered, on a first visit straight to one of them.
    HydrateFallback: RootFallback,
    children: [
      {
        // Errors of a page show inside the layout, under the navigation bar.
        id: PAGES_ROUTE_ID,
        ErrorBoundary: RouteError,
        children: [
          { index: true, ...lazyPage(() => import("./routes/home-page")) },
          { path: PAGE_PATHS.blogs, ...lazyPage(() => import("./routes/blogs-page")) },
          { path: PAGE_PATHS.portfolio, ...lazyPage(() => import("./routes/portfolio-page")) },
          { path: PAGE_PATHS.legal, ...lazyPage(() => import("./routes/legal-page")) },
          { path: PAGE_PATHS.tools, ...lazyPage(() => import("./routes/tools-page")) },
          { path: PAGE_PATHS.tool, ...lazyPage(() => import("./routes/product-page")) },
          { path: PAGE_PATHS.spareParts, ...lazyPage(() => import("./routes/spare-parts-page")) },
          { path: PAGE_PATHS.compare, ...lazyPage(() => import("./routes/compare-page")) },
          { path: PAGE_PATHS.cart, ...lazyPage(() => import("./routes/cart-page")) },
          { path: PAGE_PATHS.login, ...lazyPage(() => import("./routes/login-page")) },
          { path: PAGE_PATHS.signup, ...lazyPage(() => import("./routes/signup-page")) },
          { path: PAGE_PATHS.resetPassword, ...lazyPage(() => import("./routes/reset-password-page")) },
          { path: PAGE_PATHS.verifyEmail, ...lazyPage(() => import("./routes/verify-email-page")) },
          {
            path: PAGE_PATHS.stockAlertConfirm,
            ...lazyPage(() => import("./routes/stock-alert-confirm-page")),
          },
          {
            path: PAGE_PATHS.stockAlertUnsubscribe,
            ...lazyPage(() => import("./routes/stock-alert-unsubscribe-page")),
          },
          { path: "*", ...lazyPage(() => import("./routes/not-found-page")) },
        ],
      },
    ],
  },
  // Full-page screens, without the navigation bar and footer.
  {
    path: PAGE_PATHS.loading,
    ErrorBoundary: RootRouteError,
    ...lazyPage(() => import("./routes/loading-page")),
  },
  {
    path: PAGE_PATHS.popupComplete,
    ErrorBoundary: RootRouteError,
    ...lazyPage(() => import("./routes/popup-complete-page")),
  },
];

/** Adds the signed-in routes on the first visit to one of their paths (React Router's route discovery). */
const patchRoutesOnNavigation: PatchRoutesOnNavigationFunction = async ({ path, patch }) => {
  if (!SIGNED_IN_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))) return;
  const { signedInRoutes } = await loadChunk(() => import("./signed-in-routes"));
  patch(PAGES_ROUTE_ID, signedInRoutes);
};

export const appRouterOptions = { patchRoutesOnNavigation };

export function createAppRouter() {
  keyFreshHistoryEntry();
  return createBrowserRouter(appRoutes, appRouterOptions);
}

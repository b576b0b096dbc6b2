import { POPUP_COMPLETE_PATH } from "@toolshop/shared/paths";
import { createBrowserRouter, type PatchRoutesOnNavigationFunction, type RouteObject } from "react-router";
import { RouteFallback } from "../components/spinner";
import { loadChunk } from "../lib/chunk-load";
import { keyFreshHistoryEntry } from "./history-entry-key";
import { RootLayout } from "./layouts/root-layout";
import { lazyPage } from "./lazy-page";
import { RootRouteError, RouteError } from "./route-error";

/** The route whose children are the pages; the signed-in routes are added to it when first visited. */
const PAGES_ROUTE_ID = "pages";
const SIGNED_IN_PREFIXES = ["/dashboard", "/checkout"];

/**
 * The route table of SPEC.md section 2, public part. Every page is its own chunk. The signed-in routes
 * (/checkout/:id, /dashboard and its children: signed-in-routes.tsx) are a chunk of their own too,
 * so that neither they nor their growing number of pages weigh on the home page.
 */
export const appRoutes: RouteObject[] = [
  {
    path: "/",
    Component: RootLayout,
    ErrorBoundary: RootRouteError,
    // Shown while the signed-in routes are discovered, on a first visit straight to one of them.
    HydrateFallback: RouteFallback,
    children: [
      {
        // Errors of a page show inside the layout, under the navigation bar.
        id: PAGES_ROUTE_ID,
        ErrorBoundary: RouteError,
        children: [
          { index: true, ...lazyPage(() => import("./routes/home-page")) },
          { path: "blogs", ...lazyPage(() => import("./routes/blogs-page")) },
          { path: "myportfolio", ...lazyPage(() => import("./routes/portfolio-page")) },
          { path: "legal", ...lazyPage(() => import("./routes/legal-page")) },
          { path: "tools/:id", ...lazyPage(() => import("./routes/product-page")) },
          { path: "cart", ...lazyPage(() => import("./routes/cart-page")) },
          { path: "login", ...lazyPage(() => import("./routes/login-page")) },
          { path: "signup", ...lazyPage(() => import("./routes/signup-page")) },
          { path: "reset-password", ...lazyPage(() => import("./routes/reset-password-page")) },
          { path: "verify-email", ...lazyPage(() => import("./routes/verify-email-page")) },
          { path: "*", ...lazyPage(() => import("./routes/not-found-page")) },
        ],
      },
    ],
  },
  // Full-page screens, without the navigation bar and footer.
  { path: "/loading", ErrorBoundary: RootRouteError, ...lazyPage(() => import("./routes/loading-page")) },
  {
    path: POPUP_COMPLETE_PATH,
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

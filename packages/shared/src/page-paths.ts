// The web app's pages, one list for the app's route table and the server. The route table
// (apps/web/src/app/router.tsx, signed-in-routes.tsx) takes its paths from here, and a test there
// checks that it has no page this list lacks; the server answers a path none of them matches with 404
// (and the app's not-found page), so a mistyped address is no "soft 404" to a search engine.
import { POPUP_COMPLETE_PATH } from "./paths";

export const PAGE_PATHS = {
  home: "/",
  blogs: "/blogs",
  portfolio: "/myportfolio",
  legal: "/legal",
  tools: "/tools",
  tool: "/tools/:id",
  spareParts: "/spare-parts",
  // ?ids=<id>,<id>: up to four tools side by side (issue 58).
  compare: "/compare",
  cart: "/cart",
  login: "/login",
  signup: "/signup",
  resetPassword: "/reset-password",
  verifyEmail: "/verify-email",
  // Where a back-in-stock alert's mailed links land (?token=): each asks before it changes anything.
  stockAlertConfirm: "/stock-alerts/confirm",
  stockAlertUnsubscribe: "/stock-alerts/unsubscribe",
  loading: "/loading",
  popupComplete: POPUP_COMPLETE_PATH,
  cartCheckout: "/checkout",
  checkout: "/checkout/:id",
  dashboard: "/dashboard",
  myReview: "/dashboard/myreview",
  myProfile: "/dashboard/myhistory",
  payment: "/dashboard/payment/:id",
  order: "/dashboard/orders/:id",
  allUsers: "/dashboard/alluser",
  manageOrders: "/dashboard/manageorders",
  manageProducts: "/dashboard/manageproducts",
  addProduct: "/dashboard/addproduct",
  quoteRequests: "/dashboard/quote-requests",
  myQuotes: "/dashboard/quotes",
  myQuote: "/dashboard/quotes/:id",
  reviews: "/dashboard/reviews",
  overview: "/dashboard/overview",
  categories: "/dashboard/categories",
  attributes: "/dashboard/attributes",
  shipping: "/dashboard/shipping",
} as const;

/** The tools page of a category (its sub-categories' tools included), or of the whole catalogue. */
export function toolsPagePath(categorySlug: string | null): string {
  return categorySlug ? `${PAGE_PATHS.tools}?category=${encodeURIComponent(categorySlug)}` : PAGE_PATHS.tools;
}

const patterns = Object.values(PAGE_PATHS).map((path) => path.split("/").filter(Boolean));

/**
 * Whether one of the app's pages is at this path (no query), matched as React Router does by default:
 * letters in any case, a trailing slash or not, `:name` standing for any one non-empty segment.
 */
export function isPagePath(path: string): boolean {
  const segments = path.split("/").filter(Boolean);
  return patterns.some(
    (pattern) =>
      pattern.length === segments.length &&
      pattern.every((part, i) => part.startsWith(":") || part.toLowerCase() === segments[i]?.toLowerCase()),
  );
}

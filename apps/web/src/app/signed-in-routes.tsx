import { PAGE_PATHS } from "@toolshop/shared/page-paths";
import type { RouteObject } from "react-router";
import { lazyPage } from "./lazy-page";

/**
 * The signed-in part of docs/product.md section 2's route table (and the cart's /checkout), added to the pages when one of its paths is
 * first visited (see router.tsx). Every page is still its own chunk.
 */
export const signedInRoutes: RouteObject[] = [
  {
    // Signed-in routes: a visitor is sent to /login and brought back afterwards.
    ...lazyPage(() => import("./guards/require-auth")),
    children: [
      { path: PAGE_PATHS.cartCheckout, ...lazyPage(() => import("./routes/cart-checkout-page")) },
      { path: PAGE_PATHS.checkout, ...lazyPage(() => import("./routes/checkout-page")) },
      {
        path: PAGE_PATHS.dashboard,
        ...lazyPage(() => import("./layouts/dashboard-layout")),
        children: [
          { index: true, ...lazyPage(() => import("./routes/dashboard/my-orders-page")) },
          { path: PAGE_PATHS.myReview, ...lazyPage(() => import("./routes/dashboard/my-review-page")) },
          { path: PAGE_PATHS.myProfile, ...lazyPage(() => import("./routes/dashboard/my-profile-page")) },
          { path: PAGE_PATHS.payment, ...lazyPage(() => import("./routes/dashboard/payment-page")) },
          { path: PAGE_PATHS.order, ...lazyPage(() => import("./routes/dashboard/order-detail-page")) },
          { path: PAGE_PATHS.myQuotes, ...lazyPage(() => import("./routes/dashboard/my-quotes-page")) },
          { path: PAGE_PATHS.myQuote, ...lazyPage(() => import("./routes/dashboard/my-quote-page")) },
          {
            // Admin-only: a non-admin is signed out and sent to /login.
            ...lazyPage(() => import("./guards/require-admin")),
            children: [
              { path: PAGE_PATHS.allUsers, ...lazyPage(() => import("./routes/dashboard/all-users-page")) },
              {
                path: PAGE_PATHS.manageOrders,
                ...lazyPage(() => import("./routes/dashboard/manage-orders-page")),
              },
              {
                path: PAGE_PATHS.manageProducts,
                ...lazyPage(() => import("./routes/dashboard/manage-products-page")),
              },
              {
                path: PAGE_PATHS.addProduct,
                ...lazyPage(() => import("./routes/dashboard/add-product-page")),
              },
              {
                path: PAGE_PATHS.quoteRequests,
                ...lazyPage(() => import("./routes/dashboard/quote-requests-page")),
              },
              { path: PAGE_PATHS.reviews, ...lazyPage(() => import("./routes/dashboard/reviews-page")) },
              {
                path: PAGE_PATHS.categories,
                ...lazyPage(() => import("./routes/dashboard/categories-page")),
              },
              {
                path: PAGE_PATHS.attributes,
                ...lazyPage(() => import("./routes/dashboard/attributes-page")),
              },
              { path: PAGE_PATHS.shipping, ...lazyPage(() => import("./routes/dashboard/shipping-page")) },
              { path: PAGE_PATHS.overview, ...lazyPage(() => import("./routes/dashboard/overview-page")) },
            ],
          },
        ],
      },
    ],
  },
];

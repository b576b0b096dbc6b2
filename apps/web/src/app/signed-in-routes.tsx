import type { RouteObject } from "react-router";
import { lazyPage } from "./lazy-page";

/**
 * The signed-in part of SPEC.md section 2's route table (and the cart's /checkout), added to the pages when one of its paths is
 * first visited (see router.tsx). Every page is still its own chunk.
 */
export const signedInRoutes: RouteObject[] = [
  {
    // Signed-in routes: a visitor is sent to /login and brought back afterwards.
    ...lazyPage(() => import("./guards/require-auth")),
    children: [
      { path: "checkout", ...lazyPage(() => import("./routes/cart-checkout-page")) },
      { path: "checkout/:id", ...lazyPage(() => import("./routes/checkout-page")) },
      {
        path: "dashboard",
        ...lazyPage(() => import("./layouts/dashboard-layout")),
        children: [
          { index: true, ...lazyPage(() => import("./routes/dashboard/my-orders-page")) },
          { path: "myreview", ...lazyPage(() => import("./routes/dashboard/my-review-page")) },
          { path: "myhistory", ...lazyPage(() => import("./routes/dashboard/my-profile-page")) },
          { path: "payment/:id", ...lazyPage(() => import("./routes/dashboard/payment-page")) },
          { path: "orders/:id", ...lazyPage(() => import("./routes/dashboard/order-detail-page")) },
          {
            // Admin-only: a non-admin is signed out and sent to /login.
            ...lazyPage(() => import("./guards/require-admin")),
            children: [
              { path: "alluser", ...lazyPage(() => import("./routes/dashboard/all-users-page")) },
              {
                path: "manageorders",
                ...lazyPage(() => import("./routes/dashboard/manage-orders-page")),
              },
              {
                path: "manageproducts",
                ...lazyPage(() => import("./routes/dashboard/manage-products-page")),
              },
              {
                path: "addproduct",
                ...lazyPage(() => import("./routes/dashboard/add-product-page")),
              },
              {
                path: "quotes",
                ...lazyPage(() => import("./routes/dashboard/quote-requests-page")),
              },
              { path: "reviews", ...lazyPage(() => import("./routes/dashboard/reviews-page")) },
            ],
          },
        ],
      },
    ],
  },
];
